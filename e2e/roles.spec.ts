// What each role sees: the navigation shows only the pages the role may
// open, and a refused page explains why on the 403 page.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('sign-in page refuses a wrong password and lets the owner in', async ({ page }) => {
  await page.goto('/signin');
  await saveScreenshots(page, 'signin');
  await page.getByLabel('E-mail').fill(DEMO_EMAILS.owner);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible();
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Console', 'Knowledge', 'Smartpages', 'Overview', 'Credits', 'Tokens', 'Threads', 'API access']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText('OWNER');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  // A signed-out visitor of a deep link signs in and lands on that page.
  await page.goto('/smartpages');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsmartpages$/);
  await page.getByLabel('E-mail').fill(DEMO_EMAILS.admin);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/smartpages$/);
});

test('a VIEWER sees no reports, and /usage shows the 403 page with the reason', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Console' })).toBeVisible();
  for (const name of ['Overview', 'Credits', 'Tokens', 'Threads', 'API access']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await expect(nav).not.toContainText('Usage');

  await page.goto('/usage');
  await expect(page).toHaveURL(/\/forbidden\?from=%2Fusage$/);
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByTestId('forbidden-reason')).toHaveText(/usage overview is open to owners and admins; your role in .+ is VIEWER/);
  await saveScreenshots(page, 'forbidden');

  // The server refuses the data too, whatever the page does.
  expect((await page.request.get('/api/v1/overview')).status()).toBe(403);
  await page.goto('/access');
  await expect(page).toHaveURL(/\/forbidden\?from=%2Faccess$/);
});

test('an EDITOR sees the credits report only', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Credits' })).toBeVisible();
  for (const name of ['Overview', 'Tokens', 'Threads', 'API access']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Credits' }).click();
  await expect(page).toHaveURL(/\/usage\/credits$/);
  await page.goto('/usage/tokens');
  await expect(page).toHaveURL(/\/forbidden\?from=%2Fusage%2Ftokens$/);
  await expect(page.getByTestId('forbidden-reason')).toContainText('EDITOR');
});

test('on a phone the navigation is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.owner);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Smartpages' }).click();
  await expect(page).toHaveURL(/\/smartpages$/);
  await expect(nav).toBeHidden();
});

test('the project picker switches every page to the chosen project', async ({ page }) => {
  // A second project of the demo organisation, made with the admin CLI on the server's database.
  const env = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR };
  const admin = (...args: string[]) => execFileSync('npx', ['tsx', 'scripts/admin.ts', ...args, '--json'], { env, encoding: 'utf8' });
  const orgs = JSON.parse(admin('org:list')) as { id: number; name: string }[];
  const demo = orgs.find((o) => o.name === 'Demo Organisation')!;
  admin('project:create', '--org', String(demo.id), '--name', 'Support desk');

  await signIn(page, DEMO_EMAILS.owner);
  const picker = page.getByRole('combobox', { name: 'Project' });
  await expect(picker).toContainText('Support desk');
  await picker.selectOption({ label: 'Support desk' });
  await expect(page.getByText('No datamodel yet')).toBeVisible();
  await page.goto('/access');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Default project' });
  await expect(page.getByTestId('api_keys-row').filter({ hasText: 'Demo key' })).toBeVisible();
});
