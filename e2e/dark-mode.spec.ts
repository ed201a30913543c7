// Dark mode: it follows the system setting without a click, from the first
// paint; the toggle (System / Light / Dark) overrides it and is remembered.
// Then every kind of page is shot dark at 1280 and 390 px, to be looked at
// (e2e/artifacts/screenshots/dark-*.png).
import { expect, test, type Page } from '@playwright/test';
import { answerWithCode } from './answer-stream';
import { DEMO_EMAILS, openDataset, pageOrigin, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

/** Mean of the R, G and B channels of the body's background, 0 (black) to 255 (white). */
async function bodyBrightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    // Colours compute as oklch(); a canvas turns any CSS colour into sRGB bytes.
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3;
  });
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('follows the system setting from the first paint; the toggle overrides it and is remembered', async ({ page }) => {
  // The class the inline script adds must not upset hydration (React reports mismatches as console errors).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Whether <html> is already dark when <body> appears, before any bundle runs: no flash of light.
  await page.addInitScript(() => {
    const record = window as unknown as { darkAtBody?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      record.darkAtBody = document.documentElement.classList.contains('dark');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/signin');
  expect(await page.evaluate(() => (window as unknown as { darkAtBody?: boolean }).darkAtBody)).toBe(true);
  expect(await bodyBrightness(page)).toBeLessThan(60);
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');

  await signIn(page, DEMO_EMAILS.editor);
  expect(await isDark(page)).toBe(true);
  await page.getByRole('button', { name: /Account menu/ }).click();
  const theme = page.getByRole('group', { name: 'Theme' });
  await theme.getByRole('menuitemradio', { name: 'Light' }).click();
  expect(await isDark(page)).toBe(false);
  expect(await bodyBrightness(page)).toBeGreaterThan(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  expect(await bodyBrightness(page)).toBeGreaterThan(200);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(theme.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  await saveScreenshots(page, 'theme-menu-light', { fullPage: false });

  // Back to System: dark again, as the system says; and it follows the system when that changes.
  await theme.getByRole('menuitemradio', { name: 'System' }).click();
  expect(await isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  expect(errors).toEqual([]);
});

async function ask(page: Page, text: string) {
  await page.getByLabel('Your question').fill(text);
  await page.getByLabel('Your question').press('Enter');
  await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeVisible();
}

test('every kind of page, dark, at 1280 and 390 px', async ({ page, browser }) => {
  // Some twenty pages at two widths in one test: on a loaded 2-core machine it ran past the default 60 s.
  test.slow();
  await page.goto('/signin');
  await saveScreenshots(page, 'dark-signin');

  await signIn(page, DEMO_EMAILS.owner);
  await ask(page, 'How do I import documents?');
  await page.getByRole('article').first().getByRole('button', { name: /^Show/ }).first().click();
  // A fenced code block, so the shot shows code on a dark page.
  await answerWithCode(page);
  await ask(page, 'How do I index a nested list?');
  await expect(page.getByRole('article').last().locator('pre code')).toContainText('lists[1].append(5)');
  await saveScreenshots(page, 'dark-console', { fullPage: false });
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
  await saveScreenshots(page, 'dark-user-menu', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.unrouteAll();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/dark-drawer-390.png' });
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
  await saveScreenshots(page, 'dark-knowledge');
  await openDataset(page, 'Product handbook');
  await saveScreenshots(page, 'dark-dataset');

  await page.goto('/usage');
  await expect(page.getByRole('meter', { name: 'Credits used' })).toBeVisible();
  await saveScreenshots(page, 'dark-overview');
  await page.goto('/usage/credits');
  const credits = page.getByRole('img', { name: /Credits per period/ });
  await expect(credits.locator('path.recharts-rectangle').first()).toBeVisible();
  await saveScreenshots(page, 'dark-credits');
  // The tooltip and cursor of a chart, dark too.
  await credits.locator('path.recharts-rectangle').last().hover();
  await expect(page.locator('.recharts-default-tooltip')).toBeVisible();
  await credits.screenshot({ path: 'e2e/artifacts/screenshots/dark-credits-tooltip.png' });
  await page.goto('/usage/tokens');
  await expect(
    page
      .getByRole('img', { name: /Processed tokens/ })
      .locator('path.recharts-rectangle')
      .first(),
  ).toBeVisible();
  await saveScreenshots(page, 'dark-tokens');
  await page.goto('/usage/threads');
  const table = page.getByRole('table');
  await expect(table.getByRole('button').first()).toBeVisible();
  await saveScreenshots(page, 'dark-threads');
  await table.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await saveScreenshots(page, 'dark-thread-dialog', { fullPage: false });
  await page.keyboard.press('Escape');

  const datamodels = (await (await page.request.get('/searcher/v1/datamodels')).json()) as { id: number; name: string }[];
  const datamodelId = datamodels.find((d) => d.name === 'Handbook assistant')?.id;
  const published = await page.request.post('/api/v1/smartpages', {
    headers: pageOrigin(page),
    data: { name: 'Dark help', datamodel_id: datamodelId, slug: 'dark-help', suggested_questions: ['How do I import documents?', 'What are credits?'] },
  });
  expect(published.status(), await published.text()).toBe(201);
  await page.goto('/smartpages');
  await expect(page.getByTestId('smartpage-card').filter({ hasText: 'Dark help' })).toBeVisible();
  await saveScreenshots(page, 'dark-smartpages');

  await page.goto('/access');
  await expect(page.getByRole('heading', { name: 'API access' })).toBeVisible();
  await saveScreenshots(page, 'dark-access');
  // The new key's secret and curl example are code blocks, dark on the dark dialog.
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('Dark key');
  await page.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: 'Your new API key' }).locator('pre')).toContainText('/searcher/v1/search');
  await saveScreenshots(page, 'dark-new-key', { fullPage: false });
  await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' })).newPage();
  await visitor.goto('/s/dark-help');
  await expect(visitor.getByRole('heading', { name: 'Dark help' })).toBeVisible();
  await saveScreenshots(visitor, 'dark-smartpage-public-empty', { fullPage: false });
  await visitor.getByRole('region', { name: 'Suggested questions' }).getByRole('button').first().click();
  await expect(visitor.getByRole('article').first().getByText('Was this answer helpful?')).toBeVisible();
  await saveScreenshots(visitor, 'dark-smartpage-public', { fullPage: false });
  await visitor.goto('/no-such-page');
  await expect(visitor.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await saveScreenshots(visitor, 'dark-not-found', { fullPage: false });
  await visitor.context().close();
});
