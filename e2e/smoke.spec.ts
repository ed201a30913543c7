// The started product answers: the home page renders and the API refuses a
// call without credentials with the documented {detail} body.
import { expect, test } from '@playwright/test';
import { demoCredentials } from './helpers';

test('home page renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Knowledge Search' })).toBeVisible();
});

test('API needs a token and accepts the seeded API key', async ({ request }) => {
  const refused = await request.get('/searcher/v1/datasets');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toHaveProperty('detail');
  const { apiKey } = demoCredentials();
  const listed = await request.get('/searcher/v1/datasets', { headers: { authorization: `Bearer ${apiKey}` } });
  expect(listed.status()).toBe(200);
  const names = ((await listed.json()) as { name: string }[]).map((d) => d.name);
  expect(names).toContain('Product handbook');
});
