// Knowledge written in the editors, not imported: a paragraph typed into
// "Add content" becomes passages the console finds at once, and "Edit text"
// on the content's page replaces them (what the console finds changes too).
// At a phone's width the dialog fits, and it is used from the keyboard.
import { expect, type Page, test } from '@playwright/test';
import { createDataset, DEMO_EMAILS, signIn } from './helpers';

/** Asks the console about a dataset (with the default preset) and returns the answer's article. */
async function ask(page: Page, dataset: string, question: string) {
  await page.goto('/console');
  await page.getByRole('radio', { name: 'Dataset + preset' }).click();
  await page.getByLabel('Dataset', { exact: true }).selectOption({ label: dataset });
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Send question' }).click();
  return page.getByRole('article').first();
}

test('add content with text, find it in the console, edit the text and find the new one', async ({ page }) => {
  const dataset = `Harbour notes ${Date.now()}`;
  await signIn(page, DEMO_EMAILS.editor);
  await createDataset(page, dataset);
  await page.getByRole('button', { name: 'Add subject' }).first().click();
  await page.getByRole('dialog', { name: 'Add subject' }).getByLabel('Name').fill('Ferries');
  await page.getByRole('dialog', { name: 'Add subject' }).getByRole('button', { name: 'Add subject' }).click();
  await expect(page.getByRole('heading', { name: 'Ferries' })).toBeVisible();

  // At 390 px the dialog and its text field fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add content to Ferries' });
  const text = dialog.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toBeVisible();
  await expect(dialog.getByText(/Markdown or plain text/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await text.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // From the keyboard: the name, then Tab through the links to the text.
  await dialog.getByLabel('Name').fill('Island ferry');
  await dialog.getByLabel('Image link').focus();
  await page.keyboard.press('Tab');
  await expect(text).toBeFocused();
  await page.keyboard.type('# Island ferry\n\nThe ferry to Quillon Island leaves pier 4 at 07:15. Tickets for the zephyrine crossing are sold on board.');
  await dialog.getByRole('button', { name: 'Add content' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Island ferry' }).click();
  await expect(page.getByRole('heading', { name: 'Island ferry', level: 1 })).toBeVisible();
  const passages = page.getByRole('list', { name: 'Passages' });
  await expect(passages).toContainText('zephyrine crossing');

  // The console finds it.
  const first = await ask(page, dataset, 'Where are tickets for the zephyrine crossing sold?');
  await expect(first.getByRole('region', { name: 'Sources' })).toContainText('Island ferry');
  await expect(first.getByTestId('answer')).toContainText(/sold on board/);

  // Edit text: prefilled with the passages' text; a wrong save shows the server's reason, a good one the new passages.
  await page.goBack();
  await page.goto('/knowledge');
  await page
    .getByRole('list', { name: 'Datasets' })
    .getByRole('link', { name: new RegExp(dataset) })
    .click();
  await page.getByRole('link', { name: 'Island ferry' }).click();
  await page.getByRole('button', { name: 'Edit text' }).click();
  const edit = page.getByRole('dialog', { name: /Edit the text of/ });
  const field = edit.getByRole('textbox', { name: 'Text', exact: true });
  await expect(field).toHaveValue(/zephyrine crossing are sold on board/);
  await expect(field).toBeFocused();
  await field.fill(
    '# Island ferry\n\nFrom May the ferry also calls at Marrowby harbour, where the kelp market is held on Saturdays.\n\n| Pier | Departs |\n|---|---|\n| 4 | 07:15 |\n| 6 | 16:40 |',
  );
  await edit.getByRole('button', { name: 'Save text' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(/Text saved · 1 passage/)).toBeVisible();
  await expect(passages).toContainText('kelp market');
  await expect(passages).not.toContainText('zephyrine');
  // A table's rows (one paragraph each in the passage, for search) are shown as a table again.
  const table = passages.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Departs' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: '16:40' })).toBeVisible();

  const second = await ask(page, dataset, 'When is the kelp market held at Marrowby harbour?');
  await expect(second.getByRole('region', { name: 'Sources' })).toContainText('Island ferry');
  await expect(second.getByTestId('answer')).toContainText(/Saturdays/);
});

test('a viewer sees no Add content text field nor Edit text', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer);
  await page.goto('/knowledge');
  await page
    .getByRole('list', { name: 'Datasets' })
    .getByRole('link', { name: /Product handbook/ })
    .click();
  await expect(page.getByRole('button', { name: 'Add content' })).toHaveCount(0);
  await page
    .getByRole('link')
    .filter({ hasText: /Importing documents/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit text' })).toHaveCount(0);
});
