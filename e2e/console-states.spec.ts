// The console's answers that are not answers, and its keyboard and touch
// details: "nothing found" said plainly, failures in plain words with a way
// to ask again, a partial answer kept above its failure, Escape closing the
// rating form, rating buttons a finger can hit, and the "Jump to latest"
// button clear of the answer being read; threads lists (the console's and
// the threads report) give a question two lines and keep its date whole.
// Streams are replaced through page.route where a failure must be made to
// happen.
import { expect, test, type Page } from '@playwright/test';
import { adminCli } from './dashboards-helpers';
import { signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

// An admin of the demo organisation of its own: the threads asked here stay out of the lists other specs count.
const ADMIN = { email: `console-states-${Date.now()}@demo.local`, password: 'console-states-password' };
test.beforeAll(() => {
  const demo = adminCli<{ id: number; name: string }[]>('org:list').find((org) => org.name === 'Demo Organisation');
  adminCli('user:create', '--org', String(demo?.id), '--email', ADMIN.email, '--name', 'Casey Console', '--password', ADMIN.password, '--role', 'ADMIN');
});

const STREAM = '**/searcher/v1/search/stream';
const NO_ANSWER = "I couldn't find an answer to that in these documents. Try asking with other words, or name the product, feature or error you mean.";
const sse = (events: [string, unknown][]) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
const done = (content: string, answerKind = 'extractive') =>
  ['done', { conversation: crypto.randomUUID(), identifier: crypto.randomUUID(), total_tokens: 87, content, answer_kind: answerKind }] as [string, unknown];

async function ask(page: Page, text: string) {
  const question = page.getByLabel('Your question');
  await question.fill(text);
  await question.press('Enter');
}

test('"nothing found" is shown as no answer, not as a quoted one', async ({ page }) => {
  await page.route(STREAM, (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: sse([['search', []], ['delta', { content: NO_ANSWER }], done(NO_ANSWER)]) }),
  );
  await signIn(page, ADMIN.email, ADMIN.password);
  await ask(page, 'Who won the 1998 world cup?');
  const answer = page.getByRole('article').last();
  await expect(answer.getByTestId('no-answer')).toContainText('No answer found');
  await expect(answer.getByText('Quoted from sources')).toHaveCount(0);
  await expect(answer.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
  // The tokens were spent and recorded: the figure stays.
  await expect(answer.getByText('87 tokens')).toBeVisible();
});

test('failures read as plain sentences, with Retry; a partial answer stays above its failure', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const last = () => page.getByRole('article').last();

  await page.route(STREAM, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<html><body>Internal Server Error</body></html>' }));
  await ask(page, 'First question');
  await expect(last().getByTestId('answer-error')).toHaveText(/Something went wrong on the server\. Try again in a moment\./);
  await expect(last()).not.toContainText('500');

  await page.unroute(STREAM);
  await page.route(STREAM, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Search is starting up.' }) }),
  );
  await ask(page, 'Second question');
  await expect(last().getByTestId('answer-error')).toHaveText(/^Search is starting up\.\s*Retry$/);

  await page.unroute(STREAM);
  await page.route(STREAM, (route) => route.abort('internetdisconnected'));
  await ask(page, 'Third question');
  await expect(last().getByTestId('answer-error')).toContainText('Could not reach the server. Check your connection and try again.');
  await expect(last()).not.toContainText('Failed to fetch');

  // Retry asks again, in place of the failed answer.
  await page.unroute(STREAM);
  await page.route(STREAM, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([['search', []], ['delta', { content: 'Back online.' }], done('Back online.', 'generated')]),
    }),
  );
  await expect(page.getByRole('article')).toHaveCount(3);
  await last().getByRole('button', { name: 'Retry' }).click();
  await expect(last().getByTestId('answer')).toHaveText('Back online.');
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(last()).toHaveAccessibleName('Question: Third question');

  await page.unroute(STREAM);
  await page.route(STREAM, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([
        ['search', []],
        ['delta', { content: 'Partial ans' }],
        ['error', { detail: 'The model provider timed out' }],
      ]),
    }),
  );
  await ask(page, 'Fourth question');
  await expect(last().getByTestId('answer')).toHaveText('Partial ans');
  const notice = last().getByTestId('answer-error');
  await expect(notice).toContainText('The answer is incomplete. The model provider timed out');
  await expect(notice).not.toContainText('Partial ans');
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('Escape cancels the rating form and focus goes back to the rating; rating buttons are 40 px on a phone', async ({ page }) => {
  await page.route(STREAM, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: sse([['search', []], ['delta', { content: 'An answer.' }], done('An answer.', 'generated')]),
    }),
  );
  await signIn(page, ADMIN.email, ADMIN.password);
  await ask(page, 'Rate me');
  const answer = page.getByRole('article').last();
  const notHelpful = answer.getByRole('button', { name: 'Not helpful' });
  await notHelpful.click();
  const comment = answer.getByLabel('Comment (optional)');
  await comment.fill('draft');
  await comment.press('Escape');
  await expect(comment).toHaveCount(0);
  await expect(notHelpful).toBeFocused();
  await expect(notHelpful).toHaveAttribute('aria-pressed', 'false');

  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Helpful', 'Neutral', 'Not helpful']) {
    const box = await answer.getByRole('button', { name, exact: true }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(40);
    expect(box?.height).toBeGreaterThanOrEqual(40);
  }
});

test('"Jump to latest" does not cover the answer being read', async ({ page }) => {
  const long = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long answer.`).join('\n\n');
  await page.route(STREAM, (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: sse([['search', []], ['delta', { content: long }], done(long, 'generated')]) }),
  );
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await ask(page, `A long answer at ${size.width}`);
    await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeVisible();
    await page.mouse.wheel(0, -400);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await expect(jump).toBeVisible();
    const box = (await jump.boundingBox())!;
    // Beside the button, on its row, nothing of an answer shows through: the row belongs to the composer's band.
    const beside = await page.evaluate(({ y, xs }) => xs.map((x) => Boolean(document.elementFromPoint(x, y)?.closest('article'))), {
      y: box.y + box.height / 2,
      xs: [box.x - 12, box.x + box.width + 12],
    });
    expect(beside).toEqual([false, false]);
    await jump.click();
    await expect(jump).toBeHidden();
  }
});

test('threads lists show two lines of the question and the whole date', async ({ page }) => {
  const question = `How do I request a refund and how many days do I have to return a damaged product? (${Date.now()})`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await ask(page, question);
  await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeVisible();

  const item = page.getByRole('list', { name: 'Conversation threads' }).getByRole('listitem').first();
  const title = item.locator(`[title="${question}"]`);
  const lines = await title.evaluate((el) => Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBe(2);
  const date = item.getByText(/\d{4}, \d{1,2}:\d{2}/);
  expect(
    await date.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= (el.closest('li')?.getBoundingClientRect().right ?? 0)),
  ).toBe(true);

  await page.goto('/usage/threads');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const cell = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: question }) })
      .getByRole('cell')
      .first();
    await expect(cell).toBeVisible();
    // The line under the question is not cut: the asker and the date with its year and time.
    const meta = cell.locator('p');
    await expect(meta).toContainText(/\d{4}, \d{1,2}:\d{2}/);
    expect(await meta.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const button = cell.getByRole('button', { name: question });
    await expect(button).toHaveAttribute('title', question);
    expect(await button.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(width === 1280 ? 300 : 120);
  }
});
