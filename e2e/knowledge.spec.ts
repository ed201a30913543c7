// The knowledge editors as a person uses them: build a dataset by hand,
// edit and delete with confirmation, then import a real HTML file served on
// loopback, watch it reach "done" and read its passages.
import { expect, test } from '@playwright/test';
import { createDataset, DEMO_EMAILS, demoCredentials, openDataset, saveScreenshots, signIn } from './helpers';
import { adminCli, serveFixtures } from './dashboards-helpers';

let files: Awaited<ReturnType<typeof serveFixtures>>;

test.beforeAll(async () => {
  files = await serveFixtures();
});
test.afterAll(async () => {
  await files.close();
});

test('create, edit and delete datasets, subjects and contents', async ({ page }) => {
  const name = `Field guide ${Date.now()}`;
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Datasets' }).getByText('Product handbook')).toBeVisible();

  // Create a dataset: the app opens it.
  await page.getByRole('button', { name: 'New dataset' }).first().click();
  const createDialog = page.getByRole('dialog', { name: 'New dataset' });
  await createDialog.getByLabel('Name').fill(name);
  await createDialog.getByLabel('Description').fill('Written during the browser test');
  await createDialog.getByRole('button', { name: 'Create dataset' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('No subjects yet')).toBeVisible();

  // A second dataset with the same name is refused with the server's reason.
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'New dataset' }).first().click();
  await page.getByRole('dialog', { name: 'New dataset' }).getByLabel('Name').fill(name);
  await page.getByRole('dialog', { name: 'New dataset' }).getByRole('button', { name: 'Create dataset' }).click();
  await expect(page.getByRole('dialog', { name: 'New dataset' }).getByText(/already|taken|exists/i)).toBeVisible();
  await page.getByRole('dialog', { name: 'New dataset' }).getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('list', { name: 'Datasets' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Subject and content.
  await page.getByRole('button', { name: 'Add subject' }).first().click();
  await page.getByRole('dialog', { name: 'Add subject' }).getByLabel('Name').fill('Onboarding');
  await page.getByRole('dialog', { name: 'Add subject' }).getByRole('button', { name: 'Add subject' }).click();
  await expect(page.getByRole('heading', { name: 'Onboarding' })).toBeVisible();

  await page.getByRole('button', { name: 'Add content' }).click();
  const contentDialog = page.getByRole('dialog', { name: 'Add content to Onboarding' });
  await contentDialog.getByLabel('Name').fill('Welcome note');
  await contentDialog.getByLabel('Source link').fill('not a link');
  await contentDialog.getByRole('button', { name: 'Add content' }).click();
  await expect(contentDialog.getByText('Not a valid link')).toBeVisible();
  await contentDialog.getByLabel('Source link').fill('https://intranet.example/welcome');
  await contentDialog.getByLabel('Video link').fill('https://video.example/welcome.mp4');
  await contentDialog.getByRole('button', { name: 'Add content' }).click();
  await expect(page.getByRole('link', { name: 'Welcome note' })).toBeVisible();
  await page.getByLabel('Filter contents').fill('nothing like this');
  await expect(page.getByText('No contents match')).toBeVisible();
  await page.getByLabel('Filter contents').fill('welcome');
  await expect(page.getByRole('link', { name: 'Welcome note' })).toBeVisible();
  await page.getByLabel('Filter contents').fill('');

  // Rename the content and set its image link; the media links come back in the editor.
  await page.getByRole('button', { name: 'Edit content Welcome note' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit content' });
  await expect(edit.getByLabel('Video link')).toHaveValue('https://video.example/welcome.mp4');
  await edit.getByLabel('Name').fill('Welcome guide');
  await edit.getByLabel('Image link').fill('https://img.example/welcome.png');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Welcome guide' })).toBeVisible();

  // Rename the subject and the dataset.
  await page.getByRole('button', { name: 'Rename subject Onboarding' }).click();
  await page.getByRole('dialog', { name: 'Rename subject' }).getByLabel('Name').fill('Getting started');
  await page.getByRole('dialog', { name: 'Rename subject' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await page.getByRole('dialog', { name: 'Rename dataset' }).getByLabel('Name').fill(`${name} v2`);
  await page.getByRole('dialog', { name: 'Rename dataset' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} v2`, level: 1 })).toBeVisible();

  // The content page shows its links and (no) passages.
  await page.getByRole('link', { name: 'Welcome guide' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome guide', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /img\.example\/welcome\.png/ })).toBeVisible();
  await expect(page.getByText('No passages')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: `${name} v2` })
    .click();

  // Delete the content: cancel first (nothing happens), then confirm.
  await page.getByRole('button', { name: 'Delete content Welcome guide' }).click();
  await page
    .getByRole('dialog', { name: /Delete content/ })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('link', { name: 'Welcome guide' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete content Welcome guide' }).click();
  await page
    .getByRole('dialog', { name: /Delete content/ })
    .getByRole('button', { name: 'Delete content' })
    .click();
  await expect(page.getByRole('link', { name: 'Welcome guide' })).toHaveCount(0);
  await expect(page.getByText('No contents in this subject yet.')).toBeVisible();

  await saveScreenshots(page, 'knowledge-dataset');

  // Delete the dataset with confirmation: back on the list, it is gone.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: /Delete “/ });
  await expect(confirm.getByText('cannot be undone')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete dataset' }).click();
  await expect(page).toHaveURL(/\/knowledge$/);
  const datasets = page.getByRole('list', { name: 'Datasets' });
  await expect(datasets.getByText('Product handbook')).toBeVisible();
  // Neither the new name nor a stale copy under the old one.
  await expect(datasets.getByText(name)).toHaveCount(0);
  await saveScreenshots(page, 'knowledge');
});

test('import files by URL and follow their progress to the passages', async ({ page }) => {
  const dataset = `Policies ${Date.now()}`;
  await signIn(page, DEMO_EMAILS.owner);
  await createDataset(page, dataset);

  // Two files at once: a real HTML page and one the server does not have.
  await page.getByRole('link', { name: 'Import files' }).click();
  await expect(page.getByRole('heading', { name: 'Import files' })).toBeVisible();
  await expect(page.getByLabel('Dataset', { exact: true })).toHaveValue(dataset);
  await page.getByLabel('Upload name').fill('Finance policies');
  await page.getByRole('button', { name: 'Add another file' }).click();
  const urls = page.getByLabel('File URL');
  await urls.nth(0).fill(files.url('travel-policy.html'));
  await page.getByLabel('Subject name').nth(0).fill('Finance');
  await page.getByLabel('Content name').nth(0).fill('Travel policy');
  await page.getByLabel('Source link').nth(0).fill('https://intranet.example/policies/travel');
  await urls.nth(1).fill(files.url('missing-file.html'));
  await page.getByRole('button', { name: 'Start import' }).click();

  await expect(page).toHaveURL(/\/knowledge\/uploads\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Finance policies' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Imported files' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(/Finished with 1 failed/)).toBeVisible({ timeout: 45_000 });
  const done = list.locator('[data-state="done"]');
  await expect(done.getByText('Done')).toBeVisible();
  await expect(done.getByText(/\d+ passages · [\d,.\s]+ tokens/)).toBeVisible();
  const failed = list.locator('[data-state="failed"]');
  await expect(failed.getByText('Failed')).toBeVisible();
  // The reason, not any text holding "404" (the dataset's name carries a timestamp that may).
  await expect(failed.getByText(/answered 404 Not Found/)).toBeVisible();
  await saveScreenshots(page, 'import-progress');

  // The imported content and its passages.
  await done.getByRole('link', { name: 'Travel policy' }).click();
  await expect(page.getByRole('heading', { name: 'Travel policy', level: 1 })).toBeVisible();
  const passages = page.getByRole('list', { name: 'Passages' });
  await expect(passages.getByText(/fourteen days before the trip/)).toBeVisible();
  await expect(passages.getByText(/daily meal allowance is 45 euros/)).toBeVisible();
  await expect(page.getByRole('link', { name: /intranet\.example\/policies\/travel/ })).toBeVisible();
  await saveScreenshots(page, 'knowledge-passages');

  // The import is listed under recent imports with its outcome.
  await page.goto('/knowledge');
  const recent = page.getByRole('list', { name: 'Recent imports' });
  await expect(recent.getByRole('link', { name: /Finance policies/ })).toContainText('Partly failed');
});

test('a viewer reads knowledge but gets no editing actions', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer);
  await page.goto('/knowledge');
  await expect(page.getByRole('list', { name: 'Datasets' }).getByText('Product handbook')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New dataset' })).toHaveCount(0);
  await openDataset(page, 'Product handbook');
  await expect(page.getByRole('button', { name: 'Add subject' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  // An import's page (the test above made one) shows its progress, without a way to start one.
  await page.goto('/knowledge');
  await page
    .getByRole('list', { name: 'Recent imports' })
    .getByRole('link', { name: /Finance policies/ })
    .first() // a retried test above leaves two such imports; the newest comes first
    .click();
  await expect(page.getByRole('heading', { name: /Finance policies/, level: 1 })).toBeVisible();
  await expect(page.getByText(/Partly failed|Done|Failed/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import more files' })).toHaveCount(0);
});

test('another organisation sees none of this knowledge or usage', async ({ page, request }) => {
  const { apiKey } = demoCredentials();
  const datasets = (await (await request.get('/searcher/v1/datasets', { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
    id: number;
    name: string;
  }[];
  const handbook = datasets.find((d) => d.name === 'Product handbook')!;
  const contents = (await (await request.get(`/searcher/v1/datasets/${handbook.id}/contents`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
    id: number;
  }[];

  const stamp = Date.now();
  const org = adminCli<{ id: number }>('org:create', '--name', `Rival ${stamp}`);
  const email = `owner-${stamp}@rival.test`;
  adminCli('project:create', '--org', String(org.id), '--name', 'Default project');
  adminCli('user:create', '--org', String(org.id), '--email', email, '--name', 'Rita Rival', '--password', 'rival-password', '--role', 'OWNER');

  await signIn(page, email, 'rival-password');
  await page.goto('/knowledge');
  await expect(page.getByText('No datasets yet')).toBeVisible();
  await expect(page.getByText('Product handbook')).toHaveCount(0);

  // Typing the demo's ids into the address gives the server's "not found", not the data.
  await page.goto(`/knowledge/${handbook.id}`);
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible();
  await expect(page.getByText('Product handbook')).toHaveCount(0);
  await page.goto(`/knowledge/contents/${contents[0].id}`);
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible();

  await page.goto('/usage/threads');
  await expect(page.getByText('No threads match')).toBeVisible();
});

test('a subject with many contents shows them a page at a time, sorted as chosen', async ({ page, request }) => {
  const { apiKey } = demoCredentials();
  const headers = { authorization: `Bearer ${apiKey}` };
  const name = `Many contents ${Date.now()}`;
  const dataset = (await (await request.post('/searcher/v1/datasets', { headers, data: { name } })).json()) as { id: number };
  const subject = (await (await request.post(`/searcher/v1/datasets/${dataset.id}/subjects`, { headers, data: { name: 'Archive' } })).json()) as { id: number };
  for (let i = 1; i <= 30; i++) {
    const res = await request.post(`/searcher/v1/datasets/${dataset.id}/contents`, {
      headers,
      data: { subject_id: subject.id, name: `Report ${i}`, source: `https://example.org/report-${i}` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signIn(page, DEMO_EMAILS.editor);
  await page.goto(`/knowledge/${dataset.id}`);
  const card = page.getByRole('region', { name: 'Archive' });
  const rows = card.getByRole('link', { name: /^Report \d+$/ });
  await expect(rows).toHaveCount(25);
  // Name order is natural: Report 2 before Report 10.
  await expect(rows.nth(1)).toHaveText('Report 2');
  await card.getByRole('button', { name: 'Show 5 more of 30' }).click();
  await expect(rows).toHaveCount(30);
  await page.getByLabel('Sort contents').selectOption('updated');
  await expect(rows.first()).toHaveText('Report 30');
});
