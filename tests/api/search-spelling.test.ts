// A question with a typing mistake finds what the question spelt right
// finds, on both databases: a word the dataset holds in no form is read as
// the word one slip away that its passages use most. A word spelt right is
// never touched, nor a word no neighbour of which the dataset holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listConversations } from '@/app/searcher/v1/conversations/route';
import { POST as search } from '@/app/searcher/v1/search/route';
import { lexicalIndex } from '@/lib/search/choose-lexical-index';
import { planQuery, retrieve } from '@/lib/search/retrieve';
import { correctSpelling } from '@/lib/search/spelling';
import { queryTerms } from '@/lib/text/words';
import { porterStem } from '@/lib/text/stem';
import { call } from '../helpers/http';
import { rewritePassages } from '../helpers/passages';
import { createDatamodelFor, createKnowledge, createTenant, type Tenant } from '../helpers/tenant';

const PASSAGES = [
  'Stop a running container with the stop command: its main process gets a signal first, then a kill after a grace period.',
  'Remove images that no container uses with the prune command.',
  'Connect a network to the host with the network connect command.',
  'A subscriber of logical replication applies the changes its publication sends.',
  'Broken links are reported by the link checker; every link is followed once.',
  'The links page lists every link of the site, and the links of each page.',
  'Lines longer than the limit are wrapped.',
];

let t: Tenant;
let datasetId: number;

beforeAll(async () => {
  t = await createTenant('spelling');
  const { dataset, content } = await createKnowledge(t, 'Spelling fixture');
  datasetId = dataset.id;
  await rewritePassages(t.organization.id, content.id, PASSAGES);
  await createDatamodelFor(t, 'Spelling fixture', 'Spelling assistant');
});

const first = async (question: string) => (await retrieve(datasetId, question, { topK: 3, minScore: 0 }))[0]?.body;
const corrections = async (question: string) =>
  (await correctSpelling(lexicalIndex(), datasetId, queryTerms(question), () => false)).map((c) => `${c.from.word}→${c.to.word}`);

describe('questions with a typing mistake', () => {
  it.each([
    ['stop a running container', 'stop a runnign contaner'], // two letters swapped, a letter left out
    ['logical replication subscriber', 'logical replucation subscriber'], // a neighbouring key
    ['remove unused images', 'remove unused imagges'], // a key struck twice
    ['stop a running container', 'stpo a running container'], // a word of four letters: two swapped
    ['which command stops a running container', 'whihc command stops a running container'], // a stop word, left out
  ])('"%s" misspelt as "%s" finds the same passages, scored the same', async (right, misspelt) => {
    const ranked = async (question: string) => (await retrieve(datasetId, question, { topK: 5, minScore: 0 })).map((p) => [p.body, p.score]);
    const expected = await ranked(right);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ranked(misspelt)).toEqual(expected);
  });

  it('reads a slip as the neighbour more passages use', async () => {
    // "linxs" is one slip from "links" (two passages) and from "lines" (one).
    expect(await corrections('broken linxs')).toContain('linxs→links');
    expect(await first('broken linxs')).toBe(PASSAGES[4]);
  });

  it('reads a slip as the fullest of the neighbours that share a stem: a word, not a stem cut short', async () => {
    // "image", "imags" and "images" are all one slip from "imagse" and stem alike (counted alike).
    expect(await corrections('remove unused imagse')).toContain('imagse→images');
  });

  it('leaves a mistyped stop word out, as the word itself is, on both databases alike', async () => {
    expect(await corrections('whihc')).toEqual(['whihc→which']);
    const plan = await planQuery(datasetId, 'whihc command stops a contaner');
    expect(plan?.terms.map((t) => t.stem)).toEqual(['command', 'stop', 'contain'].map(porterStem));
    // Only the word searched as another is named to the person asking.
    expect(plan?.readings).toEqual([{ written: 'contaner', read: 'container' }]);
  });

  it('leaves alone a word with no used neighbour, and never asks about words the dataset holds', async () => {
    expect(await corrections('kubernetes')).toEqual([]);
    const index = lexicalIndex();
    const held = await index.usedWords(
      datasetId,
      ['container', 'replication', 'contaner'].map((word) => ({ word, stem: porterStem(word) })),
    );
    expect(held.get(porterStem('container'))).toBe(2);
    expect(held.get(porterStem('replication'))).toBe(1);
    expect(held.has(porterStem('contaner'))).toBe(false);
  });

  it('answers the misspelt question over the API from the right passage', async () => {
    const res = await call(search, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'a runnign contaner', model: 'Spelling assistant' },
    });
    expect(res.status).toBe(200);
    expect(res.body.search[0].context).toBe(PASSAGES[0]);
    expect(res.body.generational.content).toContain('Stop a running container');
    // What was searched, in a header (percent-encoded); the body keeps the spec's fields.
    expect(decodeURIComponent(res.headers.get('x-searched-for') ?? '')).toBe('a running container');
    expect(Object.keys(res.body).sort()).toEqual(['conversation', 'generational', 'identifier', 'search']);
    const spelt = await call(search, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'a running container', model: 'Spelling assistant' },
    });
    expect(spelt.headers.has('x-searched-for')).toBe(false);
  });

  it('keeps what was searched with the turn, so a reopened thread still names it', async () => {
    const misspelt = await call(search, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'where is the lnik checker', model: 'Spelling assistant' },
    });
    expect(misspelt.status).toBe(200);
    const followUp = await call(search, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'which links does it follow', model: 'Spelling assistant', conversation: misspelt.body.conversation },
    });
    expect(followUp.status).toBe(200);
    const list = await call(listConversations, 'GET', '/searcher/v1/conversations', { token: t.apiKey, query: { limit: '50' } });
    expect(list.status).toBe(200);
    const thread = list.body.find((c: { id: string }) => c.id === misspelt.body.conversation);
    expect(thread.turns.map((turn: { searched_for: string | null }) => turn.searched_for)).toEqual(['where is the link checker', null]);
  });

  it('names what was searched in the header in any script, percent-encoded', async () => {
    const res = await call(search, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'Contaner für Daten: ¿runnign?', model: 'Spelling assistant' },
    });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('x-searched-for') ?? '')).toBe('Container für Daten: ¿running?');
  });
});
