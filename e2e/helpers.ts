// What the browser tests share: the demo organisation the server seeded into
// its temporary data folder on first start.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export type DemoCredentials = { ownerEmail: string; ownerPassword: string; apiKey: string; projectToken: string };

export const DEMO_EMAILS = { owner: 'owner@demo.local', admin: 'admin@demo.local', editor: 'editor@demo.local', viewer: 'viewer@demo.local' } as const;

export function demoCredentials(): DemoCredentials {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredentials;
}

/**
 * Headers for a write made with the page's session cookie through
 * `page.request`: a browser's own fetch sends Origin, Playwright's request
 * context does not, and the server refuses cookie writes that say nothing
 * about where they come from (lib/http/same-origin.ts).
 */
export function pageOrigin(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}

// ------------------------------------------------------------ console's helpers

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through /signin as a person would and waits for the console. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console$/);
}

const SHOTS = path.join(import.meta.dirname, 'artifacts', 'screenshots');

/**
 * Saves `<name>-1280.png` (1280×800) and `<name>-390.png` (390×844), then
 * restores the desktop size. Full pages are shot from the top (sticky bars
 * would otherwise land mid-page); `fullPage: false` keeps what a person sees
 * at the bottom of a chat.
 */
export async function saveScreenshots(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const fullPage = options.fullPage ?? true;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate((top) => window.scrollTo(0, top ? 0 : document.body.scrollHeight), fullPage);
    // Nothing may stick out sideways, least of all on a phone. Polled: charts
    // re-measure on a ResizeObserver callback, a frame or so after the resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} is wider than ${size.width}px` })
      .toBeLessThanOrEqual(size.width);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// ------------------------------------------------------------ what several pages share

/** Creates a dataset from the Knowledge page and waits for the app to open it. */
export async function createDataset(page: Page, name: string): Promise<void> {
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'New dataset' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New dataset' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create dataset' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Opens a dataset from the list of the Knowledge page being shown. */
export async function openDataset(page: Page, name: string): Promise<void> {
  const link = new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await page.getByRole('list', { name: 'Datasets' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Rates an answer (console or smartpage) "Not helpful" for one reason, with a comment, and waits until it is saved. */
export async function rateNotHelpful(answer: Locator, reason: string, comment: string): Promise<void> {
  await answer.getByRole('button', { name: 'Not helpful' }).click();
  // Under the last answer the form opens below the fold and the console follows it down: a click sent while
  // it moves can land beside the box (CI saw "Clicking the checkbox did not change its state"). Wait until the
  // whole form is in view, and tick again if a click was lost (ticking a ticked box changes nothing).
  const save = answer.getByRole('button', { name: 'Save rating' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(() => answer.getByLabel(reason).check({ timeout: 2_000 })).toPass({ timeout: 15_000 });
  await answer.getByLabel('Comment (optional)').fill(comment);
  await save.click();
  await expect(answer.getByTestId('rating-saved')).toContainText(`Not helpful · ${reason}`);
}
