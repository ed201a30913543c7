// Questions asked on a smartpage: always against the page's own datamodel,
// recorded with origin `smartpage` in the page's project, as the signed-in
// visitor (or anonymously on a public page).
import { db } from '../db/client';
import { notFound } from '../errors';
import type { SearchRequest } from '../search/contract';
import { runSearch, streamSearch, type AnsweredSearch } from '../search/service';
import type { SearchCaller } from '../search/contract';
import type { StreamedSearch } from '../search/stream';
import type { Visitor } from './visitor';
import { openSmartpage } from './service';

type Question = { question: string; conversation?: string };

async function prepare(slug: string, visitor: Visitor, input: Question): Promise<{ body: SearchRequest; caller: SearchCaller }> {
  const { page } = await openSmartpage(slug, visitor?.email ?? null);
  if (input.conversation) {
    // Only the page's own threads of this visitor: a smartpage must not
    // become a way into the project's other conversations.
    const thread = await db().conversation.findFirst({
      where: { id: input.conversation, projectId: page.projectId, origin: 'smartpage', userEmail: visitor?.email ?? null },
      select: { id: true },
    });
    if (!thread) throw notFound('Conversation not found');
  }
  const body: SearchRequest = {
    question: input.question,
    model: page.datamodel.name,
    dataset: undefined,
    generational_presset: undefined,
    conversation: input.conversation,
  };
  const caller: SearchCaller = {
    organizationId: page.project.organizationId,
    projectId: page.projectId,
    origin: 'smartpage',
    user: visitor ? { name: visitor.name, email: visitor.email } : null,
    apiKeyId: null,
  };
  return { body, caller };
}

export async function askSmartpage(slug: string, visitor: Visitor, input: Question): Promise<AnsweredSearch> {
  const { body, caller } = await prepare(slug, visitor, input);
  return runSearch(body, caller, 'search');
}

export async function streamSmartpage(slug: string, visitor: Visitor, input: Question): Promise<StreamedSearch> {
  const { body, caller } = await prepare(slug, visitor, input);
  return streamSearch(body, caller);
}
