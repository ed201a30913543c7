// The usage dashboards after real interactions: questions asked through the
// public search API with the demo API key, rated through the assessments
// endpoint, then read in the browser as the owner; the .xlsx is downloaded
// and opened with exceljs.
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_EMAILS, demoCredentials, saveScreenshots, signIn } from './helpers';
import { askThroughApi } from './dashboards-helpers';

const NEGATIVE_Q = `How many vacation days do new employees get? (${Date.now()})`;
const POSITIVE_Q = `What is in the product handbook? (${Date.now()})`;

type Datamodel = { id: number; name: string; dataset: { id: number; name: string } };

async function rate(
  request: APIRequestContext,
  apiKey: string,
  datamodel: Datamodel,
  question: string,
  answer: Awaited<ReturnType<typeof askThroughApi>>,
  rating: Record<string, unknown>,
) {
  const response = await request.post('/api/v1/assessments', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: {
      question,
      answers: answer,
      generativeAnswer: answer.generational.content,
      modelId: datamodel.id,
      datasetId: datamodel.dataset.id,
      conversation: answer.conversation,
      ...rating,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const { apiKey } = demoCredentials();
  const listed = await request.get('/searcher/v1/datamodels', { headers: { authorization: `Bearer ${apiKey}` } });
  expect(listed.status()).toBe(200);
  const datamodel = ((await listed.json()) as Datamodel[]).find((d) => d.name === 'Handbook assistant');
  expect(datamodel, 'the seeded datamodel').toBeTruthy();

  const first = await askThroughApi(request, apiKey, { model: 'Handbook assistant', question: NEGATIVE_Q });
  const followUp = `And after the first year? (${Date.now()})`;
  const second = await askThroughApi(request, apiKey, { model: 'Handbook assistant', question: followUp, conversation: first.conversation });
  expect(second.conversation).toBe(first.conversation);
  await rate(request, apiKey, datamodel!, followUp, second, {
    evaluation: 'negative',
    feedback: 'It missed the carry-over rule',
    extra: { negative_opinions: ['Incomplete answer'] },
  });

  const other = await askThroughApi(request, apiKey, { model: 'Handbook assistant', question: POSITIVE_Q });
  expect(other.conversation).not.toBe(first.conversation);
  await rate(request, apiKey, datamodel!, POSITIVE_Q, other, { evaluation: 'positive' });
  // A second turn the handbook answers, so the thread view has sources to show.
  await askThroughApi(request, apiKey, { model: 'Handbook assistant', question: 'How do I import documents?', conversation: other.conversation });
});

test('overview, credits and tokens show the usage', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);

  await page.goto('/usage');
  await expect(page.getByRole('heading', { name: 'Usage overview' })).toBeVisible();
  const gauge = page.getByRole('meter', { name: 'Credits used' });
  await expect(gauge).toBeVisible();
  expect(Number(await gauge.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(page.getByRole('cell', { name: /Handbook assistant/ })).toBeVisible();
  // The period's answer quality: one of this test's answers was rated not helpful.
  const quality = page.getByTestId('answer-quality');
  await expect(quality).toContainText('Rated not helpful');
  await expect(quality.getByText('Rated not helpful').locator('xpath=following-sibling::dd')).toHaveText(/^(?!0\s?%)[\d.,]+\s?%$/);
  await saveScreenshots(page, 'overview');

  await page.getByRole('link', { name: 'credits', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  const creditsChart = page.getByRole('img', { name: /Credits per period/ });
  await expect(creditsChart.locator('.recharts-bar-rectangle path, path.recharts-rectangle').first()).toBeVisible();
  await expect(page.getByText('API', { exact: true }).first()).toBeVisible();
  // Axes say what they count; the running total shares its axis with the plan's limit, which is
  // drawn when within reach and otherwise named under the chart (e2e/usage-charts.spec.ts).
  await expect(creditsChart.getByText('Credits per period', { exact: true })).toBeVisible();
  await expect(creditsChart.getByText('Credits, running total')).toBeVisible();
  await expect(creditsChart.getByText(/^Plan limit\b/)).toBeVisible();
  // The legend toggles a series.
  const legend = page.getByRole('group', { name: 'Series shown' });
  await legend.getByRole('button', { name: 'Workspace' }).click();
  await expect(legend.getByRole('button', { name: 'Workspace' })).toHaveAttribute('aria-pressed', 'false');
  await legend.getByRole('button', { name: 'Workspace' }).click();
  await expect(legend.getByRole('button', { name: 'Workspace' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshots(page, 'credits');

  // The datamodel filter: the seeded one keeps the data, the period "last month" has none of today's.
  await page.getByLabel('Datamodel').selectOption('Handbook assistant');
  await expect(page).toHaveURL(/datamodel=Handbook/);
  await expect(creditsChart.locator('path.recharts-rectangle').first()).toBeVisible();

  await page.goto('/usage/tokens');
  await expect(page.getByRole('heading', { name: 'Tokens', level: 1 })).toBeVisible();
  const tokensChart = page.getByRole('img', { name: /Processed tokens and API requests/ });
  await expect(tokensChart.locator('path.recharts-rectangle').first()).toBeVisible();
  await saveScreenshots(page, 'tokens');
});

test('threads table: filter by evaluation, open a thread, download the .xlsx', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/usage/threads');
  await expect(page.getByRole('heading', { name: 'Threads', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: NEGATIVE_Q })).toBeVisible();
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Origin' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: POSITIVE_Q }).getByText('API', { exact: true })).toBeVisible();
  await saveScreenshots(page, 'threads');
  // The Origin filter (API questions only, then smartpages only: none of these two).
  await page.getByRole('group', { name: 'Origin' }).getByText('Smartpage').click();
  await expect(page).toHaveURL(/origin=smartpage/);
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toHaveCount(0);
  await page.getByRole('group', { name: 'Origin' }).getByText('Smartpage').click();

  // Only negative ratings.
  await page.getByRole('group', { name: 'Evaluation' }).getByText('Negative').click();
  await expect(page).toHaveURL(/evaluation=negative/);
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toHaveCount(0);
  await expect(table.getByRole('button', { name: NEGATIVE_Q })).toBeVisible();
  // The filter is in the address: a reload (or a shared link) shows the same view.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Evaluation' }).getByRole('checkbox', { name: 'Negative' })).toBeChecked();
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toHaveCount(0);
  await expect(table.getByRole('button', { name: NEGATIVE_Q })).toBeVisible();

  // The thread view: both turns, the tokens, the rating, its reason and the feedback.
  // Keyboard only: focus the thread, Enter opens it, Escape closes it.
  await table.getByRole('button', { name: NEGATIVE_Q }).focus();
  await page.keyboard.press('Enter');
  const thread = page.getByRole('dialog', { name: NEGATIVE_Q });
  await expect(thread.getByRole('listitem').filter({ hasText: 'Total tokens' })).toHaveCount(2);
  await expect(thread.getByText('Negative')).toBeVisible();
  await expect(thread.getByText('Incomplete answer')).toBeVisible();
  await expect(thread.getByText('It missed the carry-over rule')).toBeVisible();
  // Where it was asked.
  await expect(thread.getByText('API', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/thread-1280.png' });
  // The open thread has its own address: a reload opens it again.
  await expect(page).toHaveURL(/thread=[0-9a-f-]{36}/);
  await page.reload();
  await expect(thread).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thread).toBeHidden();
  await expect(page).not.toHaveURL(/thread=/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/^\d+ threads?|of \d+ threads/);

  // Positive only, then the question search. Both chips clicked in one go, before the address has
  // caught up with the first: the second click builds on the first, not on the old address.
  await page.getByRole('group', { name: 'Evaluation' }).evaluate((group) => {
    for (const name of ['Negative', 'Positive']) {
      const chip = [...group.querySelectorAll('label')].find((label) => label.textContent?.trim() === name);
      chip?.click();
    }
  });
  await expect(page).toHaveURL(/evaluation=positive(&|$)/);
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toBeVisible();
  await expect(table.getByRole('button', { name: NEGATIVE_Q })).toHaveCount(0);
  // What the answer was given to read.
  await table.getByRole('button', { name: POSITIVE_Q }).click();
  const positive = page.getByRole('dialog', { name: POSITIVE_Q });
  await positive.getByText(/^Sources given to the answer \(\d+\): .*Importing documents/).click();
  await expect(positive.getByText(/^relevance /).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByLabel('Question contains').fill('vacation days');
  await expect(table.getByRole('button', { name: NEGATIVE_Q })).toBeVisible();
  await expect(table.getByRole('button', { name: POSITIVE_Q })).toHaveCount(0);

  // Download every section with Portuguese headers and open the file.
  await page.getByRole('button', { name: 'Download .xlsx' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download report' });
  await dialog.getByLabel('Everything').check();
  await dialog.getByLabel('Column headers').selectOption('pt');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/_report_2025-02-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Credits Resume', 'Tokens Resume', 'Threads']);
  const threads = book.getWorksheet('Threads')!;
  const header = (threads.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('Pergunta');
  const questions: string[] = [];
  threads.eachRow((row, n) => {
    if (n > 1) questions.push(String(row.getCell(header.indexOf('Pergunta')).value));
  });
  expect(questions).toContain(NEGATIVE_Q);
  expect(questions).toContain(POSITIVE_Q);
});

test('an editor reads credits without the download; a viewer is refused the reports', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  await page.goto('/usage/credits');
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Credits per period/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download .xlsx' })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, DEMO_EMAILS.viewer);
  await page.goto('/usage/threads');
  await expect(page).toHaveURL(/\/forbidden/);
});
