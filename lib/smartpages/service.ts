// Smartpages: a datamodel published as a chat page at /s/<slug>, public or
// private (only its listed users, after sign-in). Plan limits are enforced
// here: public and private page counts, and users of private pages.
import crypto from 'node:crypto';
import { db, type Tx } from '../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../errors';
import type { SmartpageCreate, SmartpageUpdate, Visibility } from './contract';
import { jsonArray, stringList } from '../db/json-column';

export type SmartpageRecord = {
  id: number;
  name: string;
  slug: string;
  url: string;
  visibility: Visibility;
  datamodel: { id: number; name: string };
  users: string[];
  suggested_questions: string[];
  created_at: string;
  updated_at: string;
};

type Row = {
  id: number;
  name: string;
  slug: string;
  visibility: string;
  suggestedQuestions: string;
  createdAt: Date;
  updatedAt: Date;
  datamodel: { id: number; name: string };
  users: { email: string }[];
};

const include = { datamodel: { select: { id: true, name: true } }, users: { select: { email: true }, orderBy: { email: 'asc' as const } } };

/** The stored JSON array; anything else reads as no suggestions. */
export function suggestionsOf(stored: string): string[] {
  return (stringList(jsonArray(stored)) ?? []).slice(0, 4);
}

function record(row: Row): SmartpageRecord {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: `/s/${row.slug}`,
    visibility: row.visibility === 'private' ? 'private' : 'public',
    datamodel: row.datamodel,
    users: row.users.map((u) => u.email),
    suggested_questions: suggestionsOf(row.suggestedQuestions),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSmartpages(projectId: number): Promise<SmartpageRecord[]> {
  return (await db().smartpage.findMany({ where: { projectId }, include, orderBy: { id: 'asc' } })).map(record);
}

async function datamodelIn(tx: Tx, projectId: number, datamodelId: number) {
  const datamodel = await tx.datamodel.findFirst({ where: { id: datamodelId, projectId } });
  if (!datamodel) throw notFound(`Datamodel ${datamodelId} not found`);
  return datamodel;
}

function slugify(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'page'}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * The plan's limits, counted over the whole organisation, as they would be
 * after the change. `exceptId` leaves out the page being edited.
 */
async function checkLimits(tx: Tx, organizationId: number, next: { visibility: Visibility; users: string[] }, exceptId?: number) {
  const subscription = await tx.subscription.findUnique({ where: { organizationId }, include: { plan: true } });
  if (!subscription) throw forbidden('Your organisation has no plan, so it cannot publish smartpages');
  const plan = subscription.plan;
  const others = await tx.smartpage.findMany({
    where: { project: { organizationId }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { visibility: true, users: { select: { email: true } } },
  });
  const sameKind = others.filter((p) => p.visibility === next.visibility).length;
  const limit = next.visibility === 'public' ? plan.publicSmartpageLimit : plan.privateSmartpageLimit;
  if (sameKind + 1 > limit) {
    throw forbidden(
      `Your plan (${plan.name}) allows ${limit} ${next.visibility} smartpage${limit === 1 ? '' : 's'}; ${sameKind} already exist${sameKind === 1 ? 's' : ''}`,
    );
  }
  if (next.visibility === 'private') {
    const emails = new Set(others.filter((p) => p.visibility === 'private').flatMap((p) => p.users.map((u) => u.email)));
    for (const email of next.users) emails.add(email);
    if (emails.size > plan.privateSmartpageUserLimit) {
      throw forbidden(
        `Your plan (${plan.name}) allows ${plan.privateSmartpageUserLimit} users across private smartpages; this change would make ${emails.size}`,
      );
    }
  }
}

async function slugFree(tx: Tx, slug: string, exceptId?: number) {
  const taken = await tx.smartpage.findUnique({ where: { slug } });
  if (taken && taken.id !== exceptId) throw conflict(`The address /s/${slug} is taken; choose another slug`);
}

const unique = (emails: string[]) => [...new Set(emails)];

export async function createSmartpage(projectId: number, organizationId: number, input: SmartpageCreate): Promise<SmartpageRecord> {
  return db().$transaction(async (tx) => {
    const datamodel = await datamodelIn(tx, projectId, input.datamodel_id);
    const users = input.visibility === 'private' ? unique(input.users) : [];
    await checkLimits(tx, organizationId, { visibility: input.visibility, users });
    const slug = input.slug ?? slugify(input.name);
    await slugFree(tx, slug);
    const row = await tx.smartpage.create({
      data: {
        projectId,
        datamodelId: datamodel.id,
        name: input.name,
        slug,
        visibility: input.visibility,
        suggestedQuestions: JSON.stringify(input.suggested_questions),
        users: { create: users.map((email) => ({ email })) },
      },
      include,
    });
    return record(row);
  });
}

export async function updateSmartpage(projectId: number, organizationId: number, id: number, input: SmartpageUpdate): Promise<SmartpageRecord> {
  return db().$transaction(async (tx) => {
    const current = await tx.smartpage.findFirst({ where: { id, projectId }, include });
    if (!current) throw notFound(`Smartpage ${id} not found`);
    const visibility = input.visibility ?? (current.visibility as Visibility);
    const users = visibility === 'private' ? unique(input.users ?? current.users.map((u) => u.email)) : [];
    if (input.datamodel_id) await datamodelIn(tx, projectId, input.datamodel_id);
    await checkLimits(tx, organizationId, { visibility, users }, id);
    if (input.slug) await slugFree(tx, input.slug, id);
    await tx.smartpageUser.deleteMany({ where: { smartpageId: id } });
    const row = await tx.smartpage.update({
      where: { id },
      data: {
        name: input.name,
        slug: input.slug,
        datamodelId: input.datamodel_id,
        visibility,
        suggestedQuestions: input.suggested_questions ? JSON.stringify(input.suggested_questions) : undefined,
        users: { create: users.map((email) => ({ email })) },
      },
      include,
    });
    return record(row);
  });
}

export async function deleteSmartpage(projectId: number, id: number): Promise<void> {
  const result = await db().smartpage.deleteMany({ where: { id, projectId } });
  if (result.count === 0) throw notFound(`Smartpage ${id} not found`);
}

export type PublicSmartpage = { name: string; slug: string; visibility: Visibility; datamodel: string; organization: string; suggested_questions: string[] };

/**
 * A smartpage as its visitors may see it. A private page answers 401 to a
 * visitor who is not signed in and 403 to one who is not on its list; an
 * unknown slug is 404 either way.
 */
export async function openSmartpage(slug: string, visitorEmail: string | null) {
  const page = await db().smartpage.findUnique({
    where: { slug },
    include: { users: { select: { email: true } }, datamodel: true, project: { include: { organization: true } } },
  });
  if (!page) throw notFound('This smartpage does not exist');
  if (page.visibility === 'private') {
    if (!visitorEmail) throw unauthorized('This smartpage is private: sign in to use it');
    if (!page.users.some((u) => u.email === visitorEmail.toLowerCase()))
      throw forbidden('This smartpage is private and your account is not on its list of users');
  }
  const view: PublicSmartpage = {
    name: page.name,
    slug: page.slug,
    visibility: page.visibility === 'private' ? 'private' : 'public',
    datamodel: page.datamodel.name,
    organization: page.project.organization.name,
    suggested_questions: suggestionsOf(page.suggestedQuestions),
  };
  return { page, view };
}
