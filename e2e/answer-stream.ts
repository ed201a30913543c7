// A streamed answer the page receives instead of the server's: the console's
// search stream replaced through page.route, so a test controls exactly what
// the answer holds (here, a fenced code block citing a source).
import type { Page } from '@playwright/test';

/** Server-sent events as the search stream writes them. */
const sse = (events: [string, unknown][]) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

const SOURCE = {
  content: {
    name: 'Lists',
    source: 'https://docs.example/lists',
    subject: 'Python',
    media_video: null,
    media_image: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
  score: 0.9,
  answer: '',
  context: 'Lists can be nested.',
  date: '2026-01-01',
};

const CODE_ANSWER = 'Index a nested list like this [1]:\n\n```python\nlists = [[3], [5], [7]]\nlists[1].append(5)\n```\n\nSee `lists[2]` too.';

/**
 * Answers the next questions with a fenced Python block citing the 'Lists'
 * page; `passages: 2` sends two passages of that one page.
 */
export async function answerWithCode(page: Page, { passages = 1 }: { passages?: 1 | 2 } = {}) {
  const sources = passages === 2 ? [SOURCE, { ...SOURCE, context: 'Second passage of the same page.' }] : [SOURCE];
  await page.route('**/searcher/v1/search/stream', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: sse([
        ['search', sources],
        ['delta', { content: CODE_ANSWER }],
        [
          'done',
          {
            conversation: '00000000-0000-4000-8000-000000000001',
            identifier: '00000000-0000-4000-8000-000000000002',
            total_tokens: 42,
            content: CODE_ANSWER,
            answer_kind: 'extractive',
          },
        ],
      ]),
    }),
  );
}
