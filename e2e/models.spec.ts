// The Models page as an admin uses it: a generative model on an
// OpenAI-compatible provider (a fake one speaking the real wire format on
// 127.0.0.1; the server allows loopback because playwright.config.ts sets
// IMPORT_ALLOW_LOOPBACK=1), its connection tested, a preset and a datamodel
// over the demo handbook, then a question asked with that datamodel in the
// console and answered by the provider. Deleting what is in use is refused
// with the reason. Editors see no link to the page and are told why.
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, saveScreenshots, signIn } from './helpers';
import { REPLY, startChatServer, type ChatServer } from '../tests/helpers/chat-server';

test.use({ viewport: { width: 1280, height: 800 } });

let provider: ChatServer;
test.beforeAll(async () => {
  provider = await startChatServer();
});
test.afterAll(() => provider.close());

test('an admin sets up a model, a preset and a datamodel, then asks it in the console', async ({ page }) => {
  const tag = Date.now().toString(36);
  const modelName = `fake-llm-${tag}`;
  await signIn(page, DEMO_EMAILS.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Models' }).click();
  await expect(page.getByRole('heading', { name: 'Models', level: 1 })).toBeVisible();
  // The demo's own datamodel and the service's extractive model are listed.
  await expect(page.getByTestId('datamodel-row').filter({ hasText: 'Handbook assistant' })).toContainText('Product handbook');
  await expect(page.getByTestId('model-row').filter({ hasText: 'extractive' })).toContainText('Service');

  // 1. The generative model, with its connection tested before saving.
  await page.getByRole('button', { name: 'New model' }).click();
  const modelDialog = page.getByRole('dialog', { name: 'New generative model' });
  await modelDialog.getByLabel('Name').fill(modelName);
  await modelDialog.getByLabel('Base URL').fill(`${provider.origin}/ok/v1`);
  await modelDialog.getByLabel('Model', { exact: true }).fill('tiny-model');
  await modelDialog.getByLabel('Stream').fill('1.5');
  await modelDialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(modelDialog.getByTestId('connection-result')).toContainText('Connected · tiny-model answered: “OK”');
  await saveScreenshots(page, 'models-model-dialog', { fullPage: false });
  await modelDialog.getByRole('button', { name: 'Create model' }).click();
  await expect(modelDialog).toBeHidden();
  const modelRow = page.getByTestId('model-row').filter({ hasText: modelName });
  await expect(modelRow).toContainText(`${provider.origin}/ok/v1`);
  await expect(modelRow).toContainText('×1.5 stream');
  // The saved model's own test, from its row; then a failing provider says why.
  await modelRow.getByRole('button', { name: `Test the connection of ${modelName}` }).click();
  await expect(modelRow.getByTestId('connection-result')).toContainText('Connected');

  // 2. A preset answering with it.
  await page.getByRole('button', { name: 'New preset' }).click();
  const presetDialog = page.getByRole('dialog', { name: 'New preset' });
  await presetDialog.getByLabel('Identifier').fill(`llm-${tag}`);
  await presetDialog.getByLabel('Name', { exact: true }).fill(`LLM answers ${tag}`);
  await presetDialog.getByLabel('Generative model').selectOption({ label: `${modelName} · OpenAI-compatible` });
  await presetDialog.getByLabel('Passages (top-k)').fill('3');
  await saveScreenshots(page, 'models-preset-dialog', { fullPage: false });
  await presetDialog.getByRole('button', { name: 'Create preset' }).click();
  await expect(presetDialog).toBeHidden();
  await expect(page.getByTestId('preset-row').filter({ hasText: `llm-${tag}` })).toContainText('top-k 3');

  // 3. A datamodel over the demo handbook with that preset.
  await page.getByRole('button', { name: 'New datamodel' }).click();
  const dmDialog = page.getByRole('dialog', { name: 'New datamodel' });
  await dmDialog.getByLabel('Name').fill(`LLM assistant ${tag}`);
  await dmDialog.getByLabel('Dataset').selectOption({ label: 'Product handbook' });
  await dmDialog.getByLabel('Preset').selectOption({ label: `LLM answers ${tag} (llm-${tag})` });
  await dmDialog.getByRole('button', { name: 'Create datamodel' }).click();
  await expect(dmDialog).toBeHidden();
  const dmRow = page.getByTestId('datamodel-row').filter({ hasText: `LLM assistant ${tag}` });
  await expect(dmRow).toContainText(modelName);

  // Deleting the model while the preset and datamodel use it is refused, with the reason.
  await modelRow.getByRole('button', { name: `Delete ${modelName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the model “${modelName}”?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText(`is used by preset "llm-${tag}" and datamodel "LLM assistant ${tag}"`);
  await saveScreenshots(page, 'models-delete-refused', { fullPage: false });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(modelRow).toBeVisible();
  await saveScreenshots(page, 'models');

  // 4. Ask it in the console: the answer comes from the provider.
  const before = provider.requests.length;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }).click();
  // The Models page (which also names its datamodels list) must be gone first.
  await expect(page.getByRole('heading', { name: 'Console', level: 1 })).toBeVisible();
  await page.getByLabel('Datamodel', { exact: true }).selectOption({ label: `LLM assistant ${tag} · Product handbook` });
  await page.getByLabel('Your question').fill('How do I import documents?');
  await page.getByRole('button', { name: 'Send question' }).click();
  const answer = page.getByRole('article').first().getByTestId('answer');
  await expect(answer).toContainText(REPLY.replace(' [1].', ''));
  expect(provider.requests.slice(before).map((r) => r.model)).toContain('tiny-model');
});

test('editors and viewers see no Models link and are told why the page is closed', async ({ page }) => {
  for (const who of [DEMO_EMAILS.editor, DEMO_EMAILS.viewer]) {
    await page.context().clearCookies();
    await signIn(page, who);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Models' })).toHaveCount(0);
    await page.goto('/models');
    await expect(page.getByTestId('forbidden-reason')).toContainText('Datamodels, presets and generative models are managed by owners and admins');
  }
});
