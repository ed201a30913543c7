// Keyboard focus around dialogs and in-place editors: a dialog opens on its
// first field (typing goes there, Enter submits the form), a confirmation on
// Cancel, and closing (Escape, Cancel, Done) gives focus back to the button
// that opened it; so does leaving the console's in-place thread rename.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

async function askOnce(page: Page, text: string) {
  const question = page.getByLabel('Your question');
  await question.fill(text);
  await question.press('Enter');
  await expect(page.getByRole('article').last().getByText('Was this answer helpful?')).toBeVisible();
}

test('a form dialog opens on its first field and gives focus back when it closes', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/access');
  const open = page.getByRole('button', { name: 'Create API key' }).first();
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // Typed straight away, the name lands in the field and Enter creates the key.
  await open.click();
  await page.keyboard.type(`focus test ${Date.now()}`);
  await page.keyboard.press('Enter');
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByTestId('new-secret')).toBeVisible();
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await expect(open).toBeFocused();
});

test('a dialog mounted only while open also gives focus back', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.goto('/models');
  const open = page.getByRole('button', { name: 'New datamodel' }).first();
  await open.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('a confirmation opens on Cancel; the thread rename gives focus back to its button', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await askOnce(page, 'How are credits counted?');
  const threads = page.getByRole('list', { name: 'Conversation threads' });
  const item = threads.getByRole('listitem').first();
  await item.hover();

  const remove = item.getByRole('button', { name: /^Delete the thread/ });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Delete this thread?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  const rename = item.getByRole('button', { name: /^Rename the thread/ });
  await rename.click();
  const field = item.getByLabel('Thread name');
  await expect(field).toBeFocused();
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(item.getByRole('button', { name: /^Rename the thread/ })).toBeFocused();
});
