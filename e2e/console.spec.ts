// The chat console as the seeded owner uses it: ask, see the streamed answer
// with its sources, follow up in the same thread, rate negative with a
// reason and see it saved (also in the threads report).
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, rateNotHelpful, saveScreenshots, signIn } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('ask, follow up in the same thread, rate negative with a reason', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await expect(page.getByLabel('Datamodel')).toContainText('Handbook assistant');

  const question = page.getByLabel('Your question');
  await question.fill('How do I import documents?');
  await question.press('Enter');

  const first = page.getByRole('article').first();
  await expect(first.getByTestId('answer')).toContainText(/upload/i);
  const sources = first.getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('Importing documents');
  // One card per document: no document is listed twice.
  const titles = await sources
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^(Show|Hide)/ }) })
    .allInnerTexts();
  expect(new Set(titles.map((t) => t.split('\n').find((line) => /[a-z]/i.test(line))))).toHaveProperty('size', titles.length);
  // A citation in the answer opens the passage it cites, with its relevance for signed-in people.
  await first.getByRole('button', { name: 'Show source 1' }).first().click();
  await expect(sources.getByRole('button', { name: /^Hide/ }).first()).toBeVisible();
  await expect(sources.getByText(/POST \/searcher\/v1\/upload/).first()).toBeVisible();
  await expect(sources).toContainText('relevance');
  await expect(first.getByText('Was this answer helpful?')).toBeVisible();

  await question.fill('Which file formats are supported?');
  await page.getByRole('button', { name: 'Send question' }).click();
  const second = page.getByRole('article').nth(1);
  await expect(second.getByText('Was this answer helpful?')).toBeVisible();
  await expect(second.getByTestId('answer')).toContainText(/PDF|DOCX|HTML/);

  // Both questions are one thread, listed once in the side list.
  const threads = page.getByRole('list', { name: 'Conversation threads' });
  await expect(threads.getByRole('listitem')).toHaveCount(1);
  await expect(threads).toContainText('2 questions');

  await rateNotHelpful(second, 'Incomplete', 'Say which sizes are allowed.');
  await saveScreenshots(page, 'console', { fullPage: false });

  // The rating reached the threads report with its reason.
  const report = await page.request.get('/api/v1/threads?evaluation=negative');
  expect(report.status()).toBe(200);
  const body = (await report.json()) as { results: { interactions: { question: string; evaluation: string; feedback: string }[] }[] };
  const rated = body.results.flatMap((t) => t.interactions).find((i) => i.question === 'Which file formats are supported?');
  expect(rated).toMatchObject({ evaluation: 'negative', feedback: 'Say which sizes are allowed.' });

  // The address names the thread: a reload reopens it with sources and the saved rating.
  await expect(page).toHaveURL(/\/console\?thread=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first().getByRole('region', { name: 'Sources' })).toContainText('Importing documents');
  await expect(page.getByRole('article').nth(1).getByTestId('rating-saved')).toContainText('Not helpful');

  // A new thread starts empty; the old one is reopened from the side list.
  await page.getByRole('button', { name: 'New thread' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page).toHaveURL(/\/console$/);
  await page.getByRole('list', { name: 'Conversation threads' }).getByRole('button').first().click();
  await expect(page.getByRole('article')).toHaveCount(2);
});

test('a dataset with a preset can be asked too', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.admin);
  await page.getByRole('radio', { name: 'Dataset + preset' }).click();
  await expect(page.getByLabel('Dataset')).toContainText('Product handbook');
  await page.getByLabel('Your question').fill('What are credits?');
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByRole('article').first().getByRole('region', { name: 'Sources' })).toContainText('Credits and usage reports');
});

test('a typing mistake is searched as the word meant, and the answer says so', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner);
  await page.getByLabel('Your question').fill('How do I imprt documents?');
  await page.getByRole('button', { name: 'Send question' }).click();
  const answer = page.getByRole('article').first();
  await expect(answer.getByTestId('searched-for')).toHaveText('Searched for How do I import documents?');
  await expect(answer.getByTestId('searched-for').locator('strong')).toHaveText('import');
  await expect(answer.getByRole('region', { name: 'Sources' })).toContainText('Importing documents');
  // A question spelt right says nothing of the kind.
  await page.getByLabel('Your question').fill('Which file formats are supported?');
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByRole('article').nth(1).getByText('Was this answer helpful?')).toBeVisible();
  await expect(page.getByRole('article').nth(1).getByTestId('searched-for')).toHaveCount(0);
  // Reopened after a reload, the thread still says what was searched, and only for the turn that needed it.
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first().getByTestId('searched-for')).toHaveText('Searched for How do I import documents?');
  await expect(page.getByRole('article').nth(1).getByTestId('searched-for')).toHaveCount(0);
});

test('threads: rename in place, search by name or question, delete after confirming', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.editor);
  const question = page.getByLabel('Your question');
  const threads = page.getByRole('list', { name: 'Conversation threads' });
  for (const text of ['What are credits?', 'How do I import documents?']) {
    await page.getByRole('button', { name: 'New thread' }).click();
    await question.fill(text);
    await question.press('Enter');
    await expect(page.getByRole('article').first().getByText('Was this answer helpful?')).toBeVisible();
  }
  await expect(threads.getByRole('listitem')).toHaveCount(2);

  // Rename: Enter saves; the new name is kept after a reload.
  await threads.getByRole('button', { name: 'Rename the thread “What are credits?”' }).click();
  const name = threads.getByLabel('Thread name');
  await name.fill('Billing questions');
  await name.press('Enter');
  await expect(threads.getByText('Billing questions')).toBeVisible();
  await page.reload();
  await expect(threads.getByText('Billing questions')).toBeVisible();

  // Search: by the new name, and by a word of a question.
  const search = page.getByLabel('Search threads by name or question');
  await search.fill('billing');
  await expect(threads.getByRole('listitem')).toHaveCount(1);
  await expect(threads).toContainText('Billing questions');
  await search.fill('IMPORT');
  await expect(threads.getByRole('listitem')).toHaveCount(1);
  await expect(threads).toContainText('How do I import documents?');
  await search.fill('no such words');
  await expect(page.getByText('No thread matches “no such words”.')).toBeVisible();
  await search.fill('');
  await expect(threads.getByRole('listitem')).toHaveCount(2);

  // Delete: asks first; Cancel keeps it, confirming removes it and empties the open thread.
  await threads.getByRole('button', { name: /^How do I import documents\? 1 question/ }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await threads.getByRole('button', { name: 'Delete the thread “How do I import documents?”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this thread?' });
  await expect(dialog).toContainText('usage reports keep its questions and credits');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(threads.getByRole('listitem')).toHaveCount(2);
  await threads.getByRole('button', { name: 'Delete the thread “How do I import documents?”' }).click();
  await dialog.getByRole('button', { name: 'Delete thread' }).click();
  await expect(threads.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page).toHaveURL(/\/console$/);
  await saveScreenshots(page, 'console-threads', { fullPage: false });
  // The other one too: this person's list is empty again (other tests count their threads).
  await threads.getByRole('button', { name: 'Delete the thread “Billing questions”' }).click();
  await dialog.getByRole('button', { name: 'Delete thread' }).click();
  await expect(page.getByText('No threads yet.')).toBeVisible();
});
