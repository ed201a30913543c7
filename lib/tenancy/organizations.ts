// Organisations, plans, subscriptions, members and projects.
import { db } from '../db/client';
import { notFound } from '../errors';
import { createUser } from '../auth/users';
import type { Role } from '../auth/roles';
import { forgetPlanRateLimits } from './plan-rate-limits';

export type PlanInput = {
  name: string;
  interval?: 'monthly' | 'yearly';
  creditLimit: number;
  datamodelLimit: number;
  privateSmartpageLimit: number;
  publicSmartpageLimit: number;
  privateSmartpageUserLimit: number;
  indexedTokenLimit: number;
  /** API requests a minute per credential; null/absent = the deployment's default, 0 = unlimited. */
  apiRatePerMinute?: number | null;
  apiRateBurst?: number | null;
};

export async function upsertPlan(input: PlanInput) {
  const data = { ...input, interval: input.interval ?? 'monthly' };
  const plan = await db().plan.upsert({ where: { name: input.name }, create: data, update: data });
  forgetPlanRateLimits();
  return plan;
}

export async function createOrganization(input: { name: string; planName?: string; trial?: boolean; endDate?: Date }) {
  return db().$transaction(async (tx) => {
    const organization = await tx.organization.create({ data: { name: input.name } });
    if (input.planName) {
      const plan = await tx.plan.findUnique({ where: { name: input.planName } });
      if (!plan) throw notFound(`Plan "${input.planName}" not found`);
      const endDate = input.endDate ?? new Date(Date.now() + (plan.interval === 'yearly' ? 365 : 30) * 86400_000);
      await tx.subscription.create({
        data: { organizationId: organization.id, planId: plan.id, endDate, trialPeriod: input.trial ?? false, didTrialPeriod: input.trial ?? false },
      });
    }
    return organization;
  });
}

export async function addCreditAddon(organizationId: number, name: string, credits: number, validUntil?: Date) {
  return db().creditAddon.create({ data: { organizationId, name, credits, validUntil: validUntil ?? null } });
}

export async function createProject(organizationId: number, name: string) {
  return db().project.create({ data: { organizationId, name } });
}

/** Creates the user when the e-mail is new, then makes them a member with `role`. */
export async function addMember(organizationId: number, input: { email: string; name: string; password: string; role: Role }) {
  const email = input.email.trim().toLowerCase();
  const user = (await db().user.findUnique({ where: { email } })) ?? (await createUser({ ...input, email }));
  await db().membership.upsert({
    where: { userId_organizationId: { userId: user.id, organizationId } },
    create: { userId: user.id, organizationId, role: input.role },
    update: { role: input.role },
  });
  return user;
}

export async function listOrganizations() {
  return db().organization.findMany({ orderBy: { id: 'asc' }, include: { subscription: { include: { plan: true } }, projects: true } });
}
