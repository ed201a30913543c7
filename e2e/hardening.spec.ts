// What a hostile page or a password guesser can do with a real browser
// session: cross-site writes are refused, non-JSON bodies are refused, and
// sign-in locks an account after ten wrong passwords.
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, signIn } from './helpers';
import { adminCli } from './dashboards-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('the session cookie cannot change data from another site', async ({ page, baseURL }) => {
  await signIn(page, DEMO_EMAILS.owner);
  const api = page.request; // carries the browser's session cookie
  const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

  const created = await api.post('/searcher/v1/datasets', {
    headers: { ...crossSite, 'content-type': 'text/plain' },
    data: JSON.stringify({ name: 'Planted by evil' }),
  });
  expect(created.status()).toBe(403);
  expect(await created.json()).toEqual({ detail: 'Cross-site request refused: a cross-site request cannot change data with the session cookie' });

  const published = await api.post('/api/v1/smartpages', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    data: { name: 'Leak' },
  });
  expect(published.status()).toBe(403);
  expect((await published.json()).detail).toBe("Cross-site request refused: origin https://evil.example is not this application's");

  const form = await api.post('/searcher/v1/datasets', {
    headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'name=Form',
  });
  expect(form.status()).toBe(415);
  expect(await form.json()).toEqual({ detail: 'Content-Type must be application/json (got application/x-www-form-urlencoded)' });

  // A write that says nothing of where it comes from (a script holding the cookie) is refused too.
  const silent = await api.post('/searcher/v1/datasets', { data: { name: 'Planted by a script' } });
  expect(silent.status()).toBe(403);
  expect((await silent.json()).detail).toMatch(/must come from the app \(Origin header\), or use a bearer token/);

  // Nothing was written; the app's own pages still read.
  const list = (await (await api.get('/searcher/v1/datasets')).json()) as { name: string }[];
  expect(list.map((d) => d.name)).not.toContain('Planted by evil');
  expect(list.map((d) => d.name)).not.toContain('Planted by a script');

  // The app's own page can still write with the same cookie.
  const own = await api.post('/searcher/v1/datasets', { headers: { origin: baseURL!, 'sec-fetch-site': 'same-origin' }, data: { name: `Own ${Date.now()}` } });
  expect(own.status()).toBe(201);
  const ownId = ((await own.json()) as { id: number }).id;
  expect((await api.delete(`/searcher/v1/datasets/${ownId}`, { headers: { origin: 'https://evil.example' } })).status()).toBe(403);
  expect((await api.delete(`/searcher/v1/datasets/${ownId}`, { headers: { origin: baseURL! } })).status()).toBe(204);
});

test('sign-in locks an account after ten wrong passwords, then says so', async ({ page }) => {
  const stamp = Date.now();
  const org = adminCli<{ id: number }>('org:create', '--name', `Guarded ${stamp}`);
  const email = `guarded-${stamp}@demo.local`;
  adminCli('user:create', '--org', String(org.id), '--email', email, '--name', 'Guarded User', '--password', 'right-password', '--role', 'OWNER');

  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  for (let i = 0; i < 10; i++) {
    await page.getByLabel('Password').fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await page.getByLabel('Password').fill('right-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Too many failed sign-in attempts; try again in 15 minutes')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test('unknown API paths and wrong methods answer JSON', async ({ request }) => {
  const unknown = await request.get('/api/v1/no-such-thing');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ detail: 'No such endpoint: GET /api/v1/no-such-thing' });
  const searcher = await request.post('/searcher/v2/search', { data: {} });
  expect(searcher.status()).toBe(404);
  const wrongMethod = await request.put('/api/v1/overview');
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  expect(await wrongMethod.json()).toEqual({ detail: 'Method PUT is not allowed here; this path accepts GET' });
});

test('a broken path and an unknown method answer JSON before the app', async ({ request }) => {
  const broken = await request.get('/searcher/v1/datasets/%FF');
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toEqual({ detail: 'The path is not valid percent-encoded UTF-8' });
  const trace = await request.fetch('/searcher/v1/datasets', { method: 'TRACE' });
  expect(trace.status()).toBe(405);
  expect(await trace.json()).toEqual({ detail: 'Method TRACE is not supported' });
});
