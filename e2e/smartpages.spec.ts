// Publishing a datamodel as a smartpage and using it as a visitor: public
// for anyone (who may also rate the answers), private only after sign-in
// for the listed people.
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, rateNotHelpful, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('publish a public smartpage, open it anonymously and ask', async ({ page, browser }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/smartpages');
  await expect(page.getByRole('heading', { name: 'Smartpages' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish a smartpage' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Publish a smartpage' });
  await dialog.getByLabel('Name').fill('Help centre');
  await expect(dialog.getByLabel('Datamodel')).toContainText('Handbook assistant');
  await dialog.getByLabel('Address (optional)').fill('help-centre');
  await dialog.getByLabel('Suggested questions (optional)').fill('How do I ask a follow-up question?\nWhat are credits?');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const card = page.getByTestId('smartpage-card').filter({ hasText: 'Help centre' });
  await expect(card).toContainText('/s/help-centre');
  await expect(card).toContainText('Public');
  await saveScreenshots(page, 'smartpages');

  const before = await smartpageCredits(page);
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await visitor.goto('/s/help-centre');
  await expect(visitor.getByRole('heading', { name: 'Help centre' })).toBeVisible();
  await expect(visitor).toHaveTitle('Help centre');
  // The owner's suggested questions come before the first message; a click asks one.
  const suggested = visitor.getByRole('region', { name: 'Suggested questions' });
  await expect(suggested.getByRole('button')).toHaveText(['How do I ask a follow-up question?', 'What are credits?']);
  await suggested.getByRole('button', { name: 'How do I ask a follow-up question?' }).click();
  await expect(suggested).toHaveCount(0);
  const answer = visitor.getByRole('article').first();
  await expect(answer.getByTestId('answer')).toContainText(/conversation/i);
  await expect(answer.getByRole('region', { name: 'Sources' })).toContainText('Asking questions');
  await expect(answer.getByText(/tokens$/)).toHaveCount(0);
  // Visitors see no relevance scores.
  await answer.getByRole('button', { name: /^Show/ }).first().click();
  await expect(answer.getByRole('region', { name: 'Sources' })).not.toContainText('relevance');
  await visitor.getByLabel('Your question').fill('And how are credits counted?');
  await visitor.getByRole('button', { name: 'Send question' }).click();
  await expect(visitor.getByRole('article').nth(1).getByTestId('answer')).toContainText(/credit/i);

  // The visitor rates the first answer, without an account, as in the console.
  await rateNotHelpful(answer, 'Outdated', 'The page about follow-ups changed.');
  await saveScreenshots(visitor, 'smartpage-public', { fullPage: false });
  await visitor.context().close();

  // The visitor's questions count as smartpage usage of the organisation.
  await expect.poll(() => smartpageCredits(page)).toBeGreaterThan(before);
  // The rating reached the threads report with its reason and comment.
  const report = await page.request.get('/api/v1/threads?evaluation=negative&limit=100');
  expect(report.status()).toBe(200);
  const body = (await report.json()) as { results: { interactions: { question: string; evaluation: string; feedback: string; origin?: string }[] }[] };
  const rated = body.results.flatMap((t) => t.interactions).find((i) => i.question === 'How do I ask a follow-up question?');
  expect(rated).toMatchObject({ evaluation: 'negative', feedback: 'The page about follow-ups changed.' });
});

test('a private smartpage asks anonymous visitors to sign in and lets listed people in', async ({ page, browser }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/smartpages');
  await page.getByRole('button', { name: 'Publish a smartpage' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Publish a smartpage' });
  await dialog.getByLabel('Name').fill('Team handbook');
  await dialog.getByLabel('Address (optional)').fill('team-handbook');
  await dialog.getByText('Private', { exact: true }).click();
  await dialog.getByLabel('People (e-mail addresses)').fill(DEMO_EMAILS.viewer);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('smartpage-card').filter({ hasText: 'Team handbook' })).toContainText('Private · 1 person');

  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto('/s/team-handbook');
  await expect(anonymous.getByRole('heading', { name: 'This smartpage is private' })).toBeVisible();
  await anonymous.getByRole('link', { name: 'Sign in' }).click();
  await anonymous.getByLabel('E-mail').fill(DEMO_EMAILS.viewer);
  await anonymous.getByLabel('Password').fill('demo-password');
  await anonymous.getByRole('button', { name: 'Sign in' }).click();
  await expect(anonymous).toHaveURL(/\/s\/team-handbook$/);
  await anonymous.getByLabel('Your question').fill('Who can read the credit report?');
  await anonymous.getByRole('button', { name: 'Send question' }).click();
  await expect(anonymous.getByRole('article').first().getByTestId('answer')).toContainText(/editor|owner|admin/i);
  await anonymous.context().close();

  // The owner is not on the list: refused with the reason.
  await page.goto('/s/team-handbook');
  await expect(page.getByText('not on its list of users')).toBeVisible();
});

async function smartpageCredits(page: import('@playwright/test').Page): Promise<number> {
  const response = await page.request.get('/api/v1/credits_resume');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { credits: { smartpage_credits: number }[] };
  return body.credits.reduce((sum, row) => sum + row.smartpage_credits, 0);
}
