// The knowledge editors at scale (issue 16 item 5): breadcrumbs on the
// dataset, subject and content pages (keyboard, long names, 390 px); the
// contents filter applied by the server on the dataset and subject pages;
// a failed import item retried from its upload's page with a corrected
// URL, and an address the import policy refuses refused at once.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_EMAILS, demoCredentials, saveScreenshots, signIn } from './helpers';
import { serveFixtures } from './dashboards-helpers';

let files: Awaited<ReturnType<typeof serveFixtures>>;

test.beforeAll(async () => {
  files = await serveFixtures();
});
test.afterAll(async () => {
  await files.close();
});

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const { apiKey } = demoCredentials();
  const res = await request.post(path, { headers: { authorization: `Bearer ${apiKey}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

test('breadcrumbs lead through dataset, subject and content; the filter narrows contents on the server', async ({ page, request }) => {
  const name = `Scale ${Date.now()} — a dataset whose name is much longer than a phone is wide`;
  const dataset = await post<{ id: number }>(request, '/searcher/v1/datasets', { name });
  const archive = await post<{ id: number }>(request, `/searcher/v1/datasets/${dataset.id}/subjects`, { name: 'Archive' });
  const letters = await post<{ id: number }>(request, `/searcher/v1/datasets/${dataset.id}/subjects`, { name: 'Letters' });
  for (let i = 1; i <= 32; i++) {
    await post(request, `/searcher/v1/datasets/${dataset.id}/contents`, {
      subject_id: archive.id,
      name: `Report ${i}`,
      source: `https://example.org/report-${i}`,
    });
  }
  const longName = 'Letter to the harbour master about the ferry timetable changes of the winter season and the new berths';
  await post(request, `/searcher/v1/datasets/${dataset.id}/contents`, {
    subject_id: letters.id,
    name: longName,
    source: 'https://example.org/letters/harbour',
  });

  await signIn(page, DEMO_EMAILS.editor);
  await page.goto(`/knowledge/${dataset.id}`);
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Datasets' })).toHaveAttribute('href', '/knowledge');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(name);

  // The filter is answered by the server: matching contents only, subjects without a match step aside.
  const archiveCard = page.getByRole('region', { name: 'Archive' });
  await expect(archiveCard.getByRole('link', { name: /^Report \d+$/ })).toHaveCount(25);
  const filtered = page.waitForRequest((req) => req.url().includes('/contents?') && req.url().includes('q=report-3'));
  await page.getByLabel('Filter contents').fill('report-3');
  await filtered;
  await expect(archiveCard.getByRole('link', { name: /^Report \d+$/ })).toHaveText(['Report 3', 'Report 30', 'Report 31', 'Report 32']);
  await expect(archiveCard.getByText('4 matching')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Letters' })).toHaveCount(0);
  await page.getByLabel('Filter contents').fill('harbour');
  await expect(page.getByRole('region', { name: 'Letters' }).getByRole('link', { name: longName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Archive' })).toHaveCount(0);
  await page.getByLabel('Filter contents').fill('no such words anywhere');
  await expect(page.getByText('No contents match')).toBeVisible();
  await page.getByLabel('Filter contents').fill('report-3');
  await expect(archiveCard.getByText('4 matching')).toBeVisible();
  await saveScreenshots(page, 'knowledge-scale-dataset');
  await page.getByLabel('Filter contents').fill('');

  // The subject's own page: its trail, its contents filtered and paged.
  await archiveCard.getByRole('link', { name: 'Archive' }).click();
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
  await expect(trail.getByRole('link')).toHaveText(['Datasets', name]);
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Archive');
  const rows = page.getByRole('region', { name: 'Archive' }).getByRole('link', { name: /^Report \d+$/ });
  await expect(rows).toHaveCount(25);
  await page.getByRole('button', { name: 'Show 7 more of 32' }).click();
  await expect(rows).toHaveCount(32);
  await page.getByLabel('Filter contents').fill('Report 2');
  await expect(rows).toHaveText(['Report 2', ...Array.from({ length: 10 }, (_, i) => `Report ${20 + i}`)]);
  await page.getByLabel('Filter contents').fill('nothing like it');
  await expect(page.getByText('No contents match “nothing like it”.')).toBeVisible();
  await page.getByLabel('Filter contents').fill('');
  await rows.filter({ hasText: /^Report 7$/ }).click();

  // The content page: Datasets › dataset › subject › content, each crumb a link but the last.
  await expect(page.getByRole('heading', { name: 'Report 7', level: 1 })).toBeVisible();
  await expect(trail.getByRole('link')).toHaveText(['Datasets', name, 'Archive']);
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Report 7');
  // By keyboard: Tab reaches the crumbs in order, Enter follows one.
  await trail.getByRole('link', { name: 'Datasets' }).focus();
  await page.keyboard.press('Tab');
  await expect(trail.getByRole('link', { name })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(trail.getByRole('link', { name: 'Archive' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/knowledge/subjects/${archive.id}$`));

  // A long content name in a long dataset: the trail stays one line at 390 px, names cut with an ellipsis.
  await page.goto(`/knowledge/${dataset.id}`);
  await page.getByRole('link', { name: longName }).click();
  await expect(page.getByRole('heading', { name: longName, level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const height = await trail.locator('ol').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThan(30);
  const current = trail.locator('[aria-current="page"]');
  expect(await current.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(current).toHaveAttribute('title', longName);
  // The crumbs between stay readable: cut, never squeezed to nothing.
  for (const link of await trail.getByRole('link').all()) expect((await link.boundingBox())!.width).toBeGreaterThan(40);
  await saveScreenshots(page, 'knowledge-scale-content');
});

test('a failed import item is retried with a corrected URL; a refused address is refused at once', async ({ page, request }) => {
  const name = `Retry ${Date.now()}`;
  await post(request, '/searcher/v1/datasets', { name });
  await signIn(page, DEMO_EMAILS.editor);

  // An address the import policy refuses is refused when the form is sent, with the reason.
  await page.goto(`/knowledge/import?dataset=${encodeURIComponent(name)}`);
  await page.getByLabel('Upload name').fill('Refused at once');
  await page.getByLabel('File URL').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText(/cannot be imported\. Refused 169\.254\.169\.254: 169\.254\.169\.254 is a cloud metadata address/)).toBeVisible();
  await expect(page).toHaveURL(/\/knowledge\/import/);

  // A typo in the address: the item fails (404), and is put right from the upload's page.
  await page.getByLabel('Upload name').fill('Travel, first try');
  await page.getByLabel('File URL').fill(files.url('travel-polcy.html'));
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/knowledge\/uploads\/\d+$/);
  const list = page.getByRole('list', { name: 'Imported files' });
  const item = list.getByRole('listitem').first();
  await expect(item.getByText('Failed')).toBeVisible({ timeout: 45_000 });
  await expect(item.getByText(/404/)).toBeVisible();

  // Retry as it was: the same answer again.
  await item.getByRole('button', { name: /^Retry / }).click();
  await expect(page.getByText(/is queued again/)).toBeVisible();
  await expect(item.getByText('Failed')).toBeVisible({ timeout: 45_000 });

  // Edit URL: a refused address is explained in the form, the corrected one imports.
  await item.getByRole('button', { name: /^Edit URL of / }).click();
  const field = item.getByLabel('New URL');
  await expect(field).toHaveValue(files.url('travel-polcy.html'));
  await field.fill('http://10.0.0.1/travel-policy.html');
  await item.getByRole('button', { name: 'Retry with this URL' }).click();
  await expect(
    item.getByText(/http:\/\/10\.0\.0\.1\/travel-policy\.html cannot be imported\. Refused 10\.0\.0\.1: 10\.0\.0\.1 is a private \(RFC 1918\) address/),
  ).toBeVisible();
  await saveScreenshots(page, 'knowledge-retry-edit');
  await field.fill(files.url('travel-policy.html'));
  await item.getByRole('button', { name: 'Retry with this URL' }).click();
  await expect(item.getByText('Done')).toBeVisible({ timeout: 45_000 });
  // Imported, the file is named by its document's title, its address below.
  await expect(item.getByRole('link', { name: 'Travel and expenses policy' })).toBeVisible();
  await expect(item.getByText(files.url('travel-policy.html'))).toBeVisible();
  await expect(page.getByText('All files imported')).toBeVisible();
  await expect(item.getByRole('button', { name: /^Retry / })).toHaveCount(0);
});
