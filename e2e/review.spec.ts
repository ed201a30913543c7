// Closing the quality loop in the browser: an answer rated not helpful in the
// console shows up in the review queue, an editor writes a curated answer,
// and the same question asked again gets it.
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, pageOrigin, rateNotHelpful, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const QUESTION = 'Can unused credits be refunded at the end of the month?';
const ANSWER = 'No. Unused credits expire at the end of each billing month; add-on packs last 12 months.';

test('rate negative → review queue → curated answer → asked again, answered', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  await page.getByRole('button', { name: 'New thread' }).click();
  const box = page.getByLabel('Your question');
  await box.fill(QUESTION);
  await box.press('Enter');
  const first = page.getByRole('article').last();
  await rateNotHelpful(first, 'Incomplete', 'Say whether credits roll over.');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue', level: 1 })).toBeVisible();
  const card = page.getByRole('list', { name: 'Questions to review' }).getByRole('listitem').filter({ hasText: QUESTION });
  await expect(card).toContainText('Rated not helpful');
  await expect(card).toContainText('Say whether credits roll over.');
  await saveScreenshots(page, 'review-queue');

  await card.getByRole('button', { name: 'Write a curated answer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a curated answer' });
  await expect(dialog.getByLabel('Question')).toHaveValue(QUESTION);
  await dialog.getByLabel('Answer').fill(ANSWER);
  await dialog.getByRole('button', { name: 'Publish answer' }).click();
  await expect(dialog).toBeHidden();
  // Answered: it leaves the queue, and is listed among the curated answers.
  await expect(page.getByRole('list', { name: 'Questions to review' }).getByText(QUESTION)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Curated answers' }).click();
  await expect(page.getByRole('list', { name: 'Curated answers' })).toContainText(QUESTION);
  await saveScreenshots(page, 'review-curated');

  await page.goto('/console');
  await page.getByRole('button', { name: 'New thread' }).click();
  await box.fill(QUESTION);
  await box.press('Enter');
  const again = page.getByRole('article').last();
  await expect(again.getByTestId('answer')).toContainText('Unused credits expire at the end of each billing month');
  await expect(again.getByRole('region', { name: 'Sources' })).toContainText(QUESTION);

  // The editor's console list is empty again (other tests count their threads).
  const threads = (await (await page.request.get('/searcher/v1/conversations?origin=workspace&limit=100')).json()) as { id: string }[];
  for (const thread of threads)
    expect((await page.request.delete(`/searcher/v1/conversations/${thread.id}`, { headers: pageOrigin(page) })).status()).toBe(204);
});

test('a viewer has no review page', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' })).toHaveCount(0);
  await page.goto('/review');
  await expect(page.getByTestId('forbidden-reason')).toContainText('The review queue is for editors, admins and owners');
});

test('an evaluation set from a CSV file, run twice against the datamodel, with figures and a chart', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.admin);
  await page.goto('/review');
  await page.getByRole('tab', { name: 'Evaluation sets' }).click();
  await page.getByRole('button', { name: 'New evaluation set' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New evaluation set' });
  await dialog.getByLabel('Name').fill('Handbook basics');
  await dialog.getByLabel('Questions file (optional)').setInputFiles({
    name: 'questions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'question,expected_sources\nHow do I import documents?,Importing documents\nWhat are credits?,Credits and usage reports\nHow do I ask a follow-up question?,Asking questions\nWhat is the airspeed of a swallow?,https://example.org/nowhere\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Create set' }).click();
  await expect(dialog).toBeHidden();
  const set = page.getByRole('region', { name: 'Evaluation set' });
  await expect(set).toContainText('4 questions');
  await set.getByLabel('Run against').selectOption({ label: 'Datamodel · Handbook assistant' });
  await set.getByRole('button', { name: 'Run' }).click();
  const run = page.getByTestId('evaluation-run').first();
  await expect(run).toContainText('75 %');
  await set.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('evaluation-run')).toHaveCount(2);
  await expect(page.getByTestId('evaluation-run').first()).toContainText('75 %');
  await expect(page.getByRole('img', { name: 'Recall@1, recall@5 and MRR@10 per run' })).toBeVisible();
  await expect(set).toContainText('Better since the previous run');
  await set.getByText(/^Not first in the latest run/).click();
  await expect(set).toContainText('What is the airspeed of a swallow?');
  await saveScreenshots(page, 'review-evaluation');
});
