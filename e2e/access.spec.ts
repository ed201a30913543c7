// API access: a new key is shown in full once (with a curl example), then
// only by its prefix; it works until revoked.
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('create an API key shown once, then prefix only, then revoke it', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API access' }).click();
  await expect(page.getByRole('heading', { name: 'API access' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill('e2e backend');
  await dialog.getByRole('button', { name: 'Create' }).click();
  dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await dialog.getByTestId('new-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^ks_key_/);
  await expect(dialog.locator('pre')).toContainText(`Authorization: Bearer ${secret}`);
  await expect(dialog.locator('pre')).toContainText('/searcher/v1/search');
  await expect(dialog.getByRole('button', { name: 'Copy curl' })).toBeVisible();

  // The key works on the API.
  const works = await page.request.get('/searcher/v1/datasets', { headers: { authorization: `Bearer ${secret}` } });
  expect(works.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api_keys-row').filter({ hasText: 'e2e backend' });
  await expect(row).toContainText('Active');
  await expect(page.locator('body')).not.toContainText(secret);
  const prefix = (await row.locator('code').textContent())?.replace('…', '') ?? '';
  expect(secret.startsWith(prefix)).toBe(true);
  await saveScreenshots(page, 'access');

  await row.getByRole('button', { name: 'Revoke e2e backend' }).click();
  await page
    .getByRole('dialog', { name: /Revoke/ })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(row).toContainText('Revoked');
  const refused = await page.request.get('/searcher/v1/datasets', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});

test('create a project token for the reports', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.admin);
  await page.goto('/access');
  await page.getByRole('button', { name: 'Create project token' }).click();
  await page.getByRole('dialog', { name: 'Create project token' }).getByLabel('Name').fill('BI dashboard');
  await page.getByRole('dialog', { name: 'Create project token' }).getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new project token' });
  const token = (await dialog.getByTestId('new-secret').textContent())?.trim() ?? '';
  expect(token).toMatch(/^ks_prj_/);
  await expect(dialog.locator('pre')).toContainText('/api/v1/overview');
  const overview = await page.request.get('/api/v1/overview', { headers: { authorization: `Bearer ${token}` } });
  expect(overview.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('project_tokens-row').filter({ hasText: 'BI dashboard' })).toContainText('Active');
});
