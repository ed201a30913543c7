// Files from the computer: two chosen with the file picker and two dropped
// (a real drop event with a DataTransfer) on the import page, one dropped on
// the dataset page; each shows its progress to "Done", then a passage is
// found in the console. A viewer gets no upload controls.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAILS, demoCredentials, openDataset, saveScreenshots, signIn } from './helpers';

const FIXTURES = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'import');
const fixture = (name: string) => path.join(FIXTURES, name);

/** Drops files on `target` the way a browser does: dragenter, dragover and drop, all with one DataTransfer. */
async function dropFiles(page: Page, target: Locator, files: { name: string; file: string; type: string }[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.type, base64: fs.readFileSync(f.file).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return transfer;
  }, payload);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(target).toHaveAttribute('data-dragging', 'true');
  await expect(target.getByText('Drop to upload')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
}

test('upload files by picker and by drag and drop, see them indexed, find a passage in the console', async ({ page }) => {
  // Five files imported one after another, a dataset page and a question: more than the default minute.
  test.setTimeout(180_000);
  const { apiKey } = demoCredentials();
  const dataset = `Field manuals ${Date.now()}`;
  const created = await page.request.post('/searcher/v1/datasets', { headers: { authorization: `Bearer ${apiKey}` }, data: { name: dataset } });
  expect(created.status()).toBe(201);
  const datasetId = ((await created.json()) as { id: number }).id;

  await signIn(page, DEMO_EMAILS.editor);
  await page.goto(`/knowledge/import?dataset=${encodeURIComponent(dataset)}`);
  await expect(page.getByLabel('Dataset', { exact: true })).toHaveValue(dataset);
  const zone = page.getByRole('group', { name: 'Upload files from your computer' });
  await expect(zone.getByRole('button', { name: 'Choose files…' })).toBeVisible();

  // The keyboard's path: the picker (its input), two files at once.
  await page.getByLabel('Files to upload').setInputFiles([fixture('guide.pdf'), fixture('orchard.md')]);
  const uploaded = page.getByRole('list', { name: 'Uploaded files' });
  await expect(uploaded.locator('li[data-state="done"]')).toHaveCount(2, { timeout: 45_000 });
  await expect(uploaded.getByRole('link', { name: 'guide.pdf', exact: true })).toBeVisible();

  // Drag and drop: two more files, one of them named .pdf but holding HTML (read as HTML).
  await dropFiles(page, zone, [
    { name: 'ferry.docx', file: fixture('timetable.docx'), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    { name: 'trail-guide.pdf', file: fixture('handbook.html'), type: 'application/pdf' },
  ]);
  await expect(uploaded.locator('li[data-state="done"]')).toHaveCount(4, { timeout: 45_000 });
  for (const name of ['ferry.docx', 'trail-guide.pdf', 'guide.pdf', 'orchard.md'])
    await expect(uploaded.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(uploaded.getByText('Done')).toHaveCount(4);

  // An empty file is not sent, and says why.
  await page.getByLabel('Files to upload').setInputFiles([{ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
  await expect(page.getByRole('list', { name: 'Files not sent' })).toContainText('empty.txt was not sent. This file is empty.');
  await saveScreenshots(page, 'upload-files');

  // The upload's own page tells the files by name and size.
  await uploaded.getByRole('link', { name: 'Details of this upload' }).first().click();
  await expect(
    page
      .getByRole('list', { name: 'Imported files' })
      .getByText(/uploaded from a computer/)
      .first(),
  ).toBeVisible();

  // The dataset page lists the contents, named after their documents, and takes drops too.
  await page.goto(`/knowledge/${datasetId}`);
  await expect(page.getByRole('heading', { name: dataset, level: 1 })).toBeVisible();
  for (const title of ['Aurora Pump Maintenance Guide', 'Orchard Care', 'Harbour Ferry Timetable', 'Glacier Trail Handbook'])
    await expect(page.getByText(title)).toBeVisible();
  const datasetZone = page.getByRole('group', { name: 'Upload files from your computer' });
  await dropFiles(page, datasetZone, [{ name: 'faq.csv', file: fixture('faq.csv'), type: 'text/csv' }]);
  await expect(page.getByRole('list', { name: 'Uploaded files' }).locator('li[data-state="done"]')).toHaveCount(1, { timeout: 45_000 });
  await expect(page.getByRole('link', { name: 'faq.csv' }).first()).toBeVisible();
  await saveScreenshots(page, 'upload-files-dataset');

  // A passage of an uploaded file answers a question in the console.
  await page.goto('/console');
  await page.getByRole('radio', { name: 'Dataset + preset' }).click();
  await page.getByRole('combobox', { name: 'Dataset', exact: true }).selectOption({ label: dataset });
  await page.getByLabel('Your question').fill('How often does the aurora pump need calibration?');
  await page.getByRole('button', { name: 'Send question' }).click();
  const sources = page.getByRole('article').first().getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('Aurora Pump Maintenance Guide');
  await expect(page.getByRole('article').first().getByTestId('answer')).toContainText(/ninety days/);
});

test('a viewer sees no upload controls', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer);
  await page.goto('/knowledge/import');
  await expect(page.getByText('Your role cannot import files')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Upload files from your computer' })).toHaveCount(0);
  await expect(page.getByLabel('Files to upload')).toHaveCount(0);
  await page.goto('/knowledge');
  await openDataset(page, 'Product handbook');
  await expect(page.getByRole('group', { name: 'Upload files from your computer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose files…' })).toHaveCount(0);
});
