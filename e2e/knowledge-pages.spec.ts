// Knowledge pages at their edges: an address naming no dataset says so, with
// the way back and no retries; a name with no space in it wraps instead of
// widening the page (heading and toast), on a phone too.
import { expect, test } from '@playwright/test';
import { createDataset, DEMO_EMAILS, signIn } from './helpers';

test('a dataset that does not exist: a not-found state, a link back, one request', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/searcher/v1/')) missing.push(new URL(response.url()).pathname);
  });
  await page.goto('/knowledge/99999');
  await expect(page.getByRole('alert').filter({ hasText: 'Dataset not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual(['/searcher/v1/datasets/99999']);
  await page.getByRole('link', { name: 'Back to datasets' }).click();
  await expect(page).toHaveURL(/\/knowledge$/);
});

test('a long unbroken name wraps in the heading and the toast', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.owner);
  const name = `Unbroken_${'x'.repeat(120)}_${Date.now()}`;
  await createDataset(page, name);
  const toast = page.getByRole('status').filter({ hasText: name });
  await expect(toast).toBeVisible();
  // The toast's text wraps inside it: nothing runs past its edge.
  expect(await toast.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await page.getByRole('heading', { name, level: 1 }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
});
