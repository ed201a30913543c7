// The API reference page: the served OpenAPI document rendered by our own
// components, grouped by tag, readable at 1280 and 390 px, with no request
// leaving the app (no CDN: it works offline). Screenshots in
// e2e/artifacts/screenshots/api-reference-*.png.
import { expect, test, type Page } from '@playwright/test';

async function openReference(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:') foreign.push(request.url());
  });
  await page.goto('/api-reference');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  return foreign;
}

test('the document is served at /api/openapi.json and the page renders every operation by tag', async ({ page, request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const document = await res.json();
  expect(document.openapi).toBe('3.1.0');
  const operations = Object.values<Record<string, unknown>>(document.paths).reduce(
    (sum, item) => sum + ['get', 'post', 'put', 'patch', 'delete'].filter((m) => m in item).length,
    0,
  );

  const foreign = await openReference(page, 1280);
  for (const tag of ['Search', 'Knowledge', 'Reports', 'Access']) await expect(page.getByRole('heading', { level: 2, name: tag, exact: true })).toBeVisible();
  await expect(page.locator('details')).toHaveCount(operations);

  // Open POST /searcher/v1/search: credentials, the body's fields, the responses.
  const search = page.locator('details#postSearcherV1Search');
  await search.locator('summary').click();
  await expect(search.getByText('API key', { exact: true })).toBeVisible();
  await expect(search.getByText('question', { exact: true }).first()).toBeVisible();
  await expect(search.getByRole('link', { name: 'SearchResponse' })).toBeVisible();
  await expect(search.locator('li').filter({ hasText: /^401/ })).toBeVisible();

  // GET /api/v1/threads: its query parameters from the zod contract.
  const threads = page.locator('details#getApiV1Threads');
  await threads.locator('summary').click();
  for (const name of ['start_date', 'end_date', 'evaluation', 'limit']) await expect(threads.getByText(name, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/api-reference-1280.png' });

  // A named schema link leads to its entry.
  await search.getByRole('link', { name: 'SearchResponse' }).click();
  await expect(page.locator('#schema-SearchResponse')).toBeInViewport();
  expect(foreign).toEqual([]);
});

test('at 390 px nothing runs off the screen and an operation opens readably', async ({ page }) => {
  const foreign = await openReference(page, 390);
  await expect(page.getByRole('navigation', { name: 'API sections (compact)' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'API sections', exact: true })).toBeHidden();
  const dataset = page.locator('details#getSearcherV1DatasetsDatasetId');
  await dataset.scrollIntoViewIfNeeded();
  await dataset.locator('summary').click();
  await expect(dataset.getByText('dataset_id', { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await dataset.screenshot({ path: 'e2e/artifacts/screenshots/api-reference-390-operation.png' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'e2e/artifacts/screenshots/api-reference-390.png' });
  expect(foreign).toEqual([]);
});
