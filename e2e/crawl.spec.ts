// Crawling a website from the import page (issue 16 item 2) and re-syncing
// the dataset from its page (item 3), in Chromium against the built app. A
// small site is served on loopback: robots.txt, a sitemap, linked pages and
// a link to a page the server does not have.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createDataset, DEMO_EMAILS, saveScreenshots, signIn } from './helpers';

let site: http.Server;
let base = '';

const page = (title: string, text: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

const PAGES: Record<string, string> = {
  '/guide/index.html': page('Lighthouse guide', 'How the lighthouse on the north cape is kept running through winter storms.', [
    'lamp.html',
    'keepers.html',
    'gone.html',
    'private/log.html',
  ]),
  '/guide/lamp.html': page('The lamp', 'The lamp turns once every twelve seconds and is seen thirty kilometres out at sea.', ['index.html']),
  '/guide/keepers.html': page('Keepers', 'Two keepers share the night watch and write the weather into the log.', ['lamp.html']),
  '/guide/visits.html': page('Visits', 'Visitors may climb the tower on Sunday afternoons in summer.', []),
  '/guide/private/log.html': page('Private log', 'Not for robots.', []),
};

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /guide/private/\n');
    if (path === '/sitemap.xml')
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset><url><loc>${base}/guide/visits.html</loc></url></urlset>`);
    const body = PAGES[path];
    if (!body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: `"${body.length}"` }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('crawl a website from the import page, watch its progress, then re-sync the dataset', async ({ page: browser }) => {
  test.setTimeout(120_000);
  const dataset = `Lighthouse ${Date.now()}`;
  await signIn(browser, DEMO_EMAILS.owner);
  await createDataset(browser, dataset);

  await browser.getByRole('link', { name: 'Import files' }).click();
  await expect(browser.getByLabel('Dataset', { exact: true })).toHaveValue(dataset);
  await browser.getByLabel('Upload name').fill('Lighthouse site');
  await browser.getByLabel('Start page').fill(`${base}/guide/index.html`);
  await browser.getByLabel('Links deep').fill('2');
  await browser.getByRole('button', { name: 'Start crawl' }).click();

  await expect(browser).toHaveURL(/\/knowledge\/uploads\/\d+$/);
  await expect(browser.getByRole('heading', { name: 'Lighthouse site' })).toBeVisible();
  await expect(browser.getByText(`Crawl of ${base}/guide/index.html`)).toBeVisible();
  // Four pages indexed (three by links, one only in the sitemap); the 404 and the robots-disallowed page failed.
  await expect(browser.getByText(/Finished with 2 failed/)).toBeVisible({ timeout: 60_000 });
  const figures = browser.getByLabel('Crawl progress');
  const figure = (label: string) => figures.locator('div', { has: browser.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('Pages found')).toHaveText('6');
  await expect(figure('Fetched')).toHaveText('4');
  await expect(figure('Indexed')).toHaveText('4');
  await expect(figure('Failed')).toHaveText('2');
  await expect(browser.getByText('1 page listed in the sitemap')).toBeVisible();
  await expect(browser.getByText('1 page left out by robots.txt')).toBeVisible();
  const list = browser.getByRole('list', { name: 'Imported files' });
  await expect(list.locator('[data-state="done"]')).toHaveCount(4);
  await expect(list.getByText(/robots\.txt disallows this page/)).toBeVisible();
  await expect(list.getByText(/404/)).toBeVisible();
  await saveScreenshots(browser, 'crawl-progress');

  // The dataset page: re-sync now finds nothing changed; a schedule sets the next sync.
  await browser.goto('/knowledge');
  await browser.getByRole('link', { name: dataset }).first().click();
  await expect(browser.getByRole('heading', { name: 'Re-sync from the web' })).toBeVisible();
  await expect(browser.getByTestId('last-sync')).toHaveText('Never');
  await browser.getByRole('button', { name: 'Re-sync now' }).click();
  await expect(browser.getByTestId('sync-summary')).toContainText('4 of 4 pages checked · 4 unchanged · 0 updated', { timeout: 30_000 });
  await expect(browser.getByTestId('last-sync')).not.toHaveText('Never');
  await browser.getByLabel('Schedule').selectOption('daily');
  await expect(browser.getByText('Not scheduled')).toHaveCount(0);
  await saveScreenshots(browser, 'dataset-resync');
});
