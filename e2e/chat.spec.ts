// What a chat product must get right, in the console: the newest answer is
// in view, Stop aborts, regenerate asks again, code in an answer stays code,
// the console remembers what was asked against, unknown pages look like ours.
import { expect, test, type Page } from '@playwright/test';
import { answerWithCode } from './answer-stream';
import { DEMO_EMAILS, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

async function ask(page: Page, text: string) {
  const question = page.getByLabel('Your question');
  await question.fill(text);
  await question.press('Enter');
}

test('follow-ups stay in view; regenerate asks again in the same thread', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  await signIn(page, DEMO_EMAILS.admin);
  await page.getByRole('button', { name: 'New thread' }).click();
  for (const text of ['How do I import documents?', 'Which file formats are supported?', 'How are credits counted?']) {
    await ask(page, text);
    const latest = page.getByRole('article').last();
    await expect(latest.getByText('Was this answer helpful?')).toBeVisible();
    // The answer of the newest question is on screen, not under the composer.
    await expect(latest.getByTestId('answer')).toBeInViewport();
  }
  // Scrolled up, a button leads back to the latest message.
  await page.mouse.wheel(0, -5000);
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeInViewport();
  await saveScreenshots(page, 'console-follow-up', { fullPage: false });

  await page.getByRole('article').last().getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('article').last()).toHaveAccessibleName('Question: How are credits counted?');
  await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversation threads' }).getByRole('listitem').first()).toContainText('4 questions');
});

test('Stop aborts a running answer and the composer is free again', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.admin);
  // An answer that never comes: the request hangs until the page gives up on it.
  await page.route('**/searcher/v1/search/stream', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await route.abort().catch(() => undefined);
  });
  await ask(page, 'How do I import documents?');
  await expect(page.getByText('Searching your knowledge…')).toBeVisible();
  await page.getByRole('button', { name: 'Stop the answer' }).click();
  await expect(page.getByRole('article').first()).toContainText('Stopped.');
  await expect(page.getByRole('button', { name: 'Send question' })).toBeVisible();
});

test('code in an answer stays code: no citation chips inside it', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.admin);
  await answerWithCode(page, { passages: 2 });
  await ask(page, 'How do I index a nested list?');
  const article = page.getByRole('article').first();
  const code = article.locator('pre code');
  await expect(code).toContainText('lists[1].append(5)');
  await expect(code).toContainText('[[3], [5], [7]]');
  await expect(article.locator('pre').getByRole('button', { name: /^Show source/ })).toHaveCount(0);
  // The code's Copy button sits above the code, never over its first line.
  const copyBox = await article.getByRole('button', { name: 'Copy code' }).boundingBox();
  const preBox = await article.locator('pre').first().boundingBox();
  expect(copyBox && preBox && copyBox.y + copyBox.height <= preBox.y).toBe(true);
  await expect(article.getByRole('button', { name: 'Show source 1' })).toHaveCount(1);
  await expect(article.locator('code', { hasText: 'lists[2]' })).toBeVisible();
  // Two passages of one page are one card.
  await expect(article.getByRole('region', { name: 'Sources' })).toContainText('Sources (1)');
  await expect(article.getByRole('button', { name: 'Show 2 passages' })).toBeVisible();
  await expect(article.getByText('Quoted from sources')).toBeVisible();
  await expect(article.getByRole('button', { name: 'Copy answer' })).toBeVisible();
});

test('the console remembers what was last asked against', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  await page.getByRole('radio', { name: 'Dataset + preset' }).click();
  await expect(page.getByLabel('Dataset')).toContainText('Product handbook');
  await expect(page.getByLabel('Preset')).not.toContainText('Default preset');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dataset + preset' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Datamodel' }).click();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Datamodel' })).toHaveAttribute('aria-checked', 'true');
  // The radio group's keys: an arrow switches to the other choice and the focus goes with it.
  await page.getByRole('radio', { name: 'Datamodel' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Dataset + preset' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Dataset + preset' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Datamodel' })).toHaveAttribute('aria-checked', 'true');
});

test('an unknown page is a styled 404 with ways on', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Knowledge Search');
  await expect(page.getByRole('link', { name: 'Go to the console' })).toBeVisible();
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  await saveScreenshots(page, 'not-found', { fullPage: false });
});
