// The shell and the console's thread list at phone width: a header whose
// boxes never overlap (the pickers move into the drawer, usable by
// keyboard), and "Load more threads" once a person has many threads.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, pageOrigin, signIn } from './helpers';

type Box = { label: string; x: number; y: number; width: number; height: number };

/** Every visible control of the header with its box. */
async function headerBoxes(page: Page): Promise<Box[]> {
  return page
    .locator('header')
    .first()
    .evaluate((header) =>
      [...header.querySelectorAll<HTMLElement>('a, button, select')]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { label: el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName, x: r.x, y: r.y, width: r.width, height: r.height };
        }),
    );
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectTidyHeader(page: Page, width: number) {
  const boxes = await headerBoxes(page);
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const box of boxes) {
    expect(box.x, `${box.label} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.label} ends inside the screen`).toBeLessThanOrEqual(width);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `${boxes[i].label} overlaps ${boxes[j].label}`).toBe(false);
  }
}

test('at 390 px the header boxes do not overlap and the pickers are in the drawer, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.owner);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expectTidyHeader(page, 390);
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeHidden();

  // Keyboard only: focus the menu button, open the drawer, reach the project picker, close with Escape.
  const menu = page.getByRole('button', { name: 'Open navigation' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.locator('#side-nav');
  const picker = drawer.getByRole('combobox', { name: 'Project' });
  await expect(picker).toBeVisible();
  await expect(picker).toHaveValue(/\d+/);
  await expect(drawer.getByText('Organisation', { exact: true })).toBeVisible();
  await picker.focus();
  await expect(picker).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

  // Wider screens keep the picker in the header, still without overlaps.
  for (const width of [640, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.locator('header').getByRole('combobox', { name: 'Project' })).toBeVisible();
    await expectTidyHeader(page, width);
  }
});

test('the console lists 20 threads, then loads more', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  // 22 separate threads, asked with the editor's own session.
  for (let i = 1; i <= 22; i++) {
    const response = await page.request.post('/searcher/v1/search', {
      headers: pageOrigin(page),
      data: { question: `Paging question ${i}: how do I import documents?`, model: 'Handbook assistant' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.reload();
  const list = page.getByRole('list', { name: 'Conversation threads' });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('20 of 22 threads')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Paging question 22');
  await page.getByRole('button', { name: 'Load more threads' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(22);
  await expect(page.getByText('22 of 22 threads')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more threads' })).toHaveCount(0);
  await expect(list.getByRole('listitem').last()).toContainText('Paging question 1:');
  // An older thread opens from the loaded page.
  await list.getByRole('listitem').last().getByRole('button').first().click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Paging question 1:');
});

test('no page scrolls sideways at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.owner);
  const datasets = (await (await page.request.get('/searcher/v1/datasets')).json()) as { id: number }[];
  const pages = [
    '/console',
    '/knowledge',
    `/knowledge/${datasets[0].id}`,
    '/knowledge/import',
    '/review',
    '/smartpages',
    '/usage',
    '/usage/credits',
    '/usage/tokens',
    '/usage/threads',
    '/access',
    '/no-such-page',
  ];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Polled: charts and lists settle a frame or two after their data arrives.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} is wider than the screen` })
      .toBeLessThanOrEqual(390);
  }
  // Nor does the top-datamodels table inside its card: tokens and requests go under the datamodel's name.
  for (const path of ['/usage', '/usage/credits', '/usage/tokens']) {
    await page.goto(path);
    const table = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Datamodel' }) })
      .first();
    await expect(table.getByText(/\d requests?$/).first()).toBeVisible();
    await expect
      .poll(() => table.evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0)), {
        message: `${path}: the top datamodels scroll sideways`,
      })
      .toBeLessThanOrEqual(0);
  }
});
