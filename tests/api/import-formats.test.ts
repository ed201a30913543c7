// Each supported format imported from a real file served over HTTP on
// loopback, then read back through the public dataset/content endpoints.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { importFixtureForFile } from '../helpers/import-fixture';
import { drainUploads } from '@/lib/ingest/worker';
import * as upload from '@/app/searcher/v1/upload/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as contents from '@/app/searcher/v1/datasets/[dataset_id]/contents/route';
import * as contentsFull from '@/app/searcher/v1/datasets/[dataset_id]/contents/full/route';
import * as passages from '@/app/searcher/v1/contents/[content_id]/passages/route';

const fixture = importFixtureForFile('formats', 'Library');

type Passage = { heading: string; text: string; answer: string; token_count: number };

async function importOne(file: string, extra: Record<string, string> = {}) {
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: fixture.tenant.apiKey,
    body: { name: `import ${file}`, uploads: [{ dataset_name: 'Library', url: fixture.server.url(`/${file}`), ...extra }] },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Upload started', id: expect.any(Number) });
  await drainUploads({ workerId: `formats-${file}`, projectId: fixture.tenant.project.id });
  const progress = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${res.body.id}`, {
    token: fixture.tenant.apiKey,
    params: { upload_id: String(res.body.id) },
  });
  expect(progress.status).toBe(200);
  const item = progress.body.items[0];
  expect(item.error).toBeNull();
  expect(item.state).toBe('done');
  expect(progress.body.state).toBe('done');
  const list = await call(passages.GET, 'GET', `/searcher/v1/contents/${item.content_id}/passages`, {
    token: fixture.tenant.apiKey,
    params: { content_id: String(item.content_id) },
  });
  expect(list.status).toBe(200);
  expect(item.passages).toBe(list.body.length);
  expect(item.tokens).toBe(list.body.reduce((s: number, p: Passage) => s + p.token_count, 0));
  const all = await call(contentsFull.GET, 'GET', `/searcher/v1/datasets/${fixture.datasetId}/contents/full`, {
    token: fixture.tenant.apiKey,
    params: { dataset_id: String(fixture.datasetId) },
  });
  const content = all.body.find((c: { id: number }) => c.id === item.content_id);
  return { item, content, passages: list.body as Passage[], text: (list.body as Passage[]).map((p) => `${p.heading}\n${p.text}`).join('\n') };
}

describe('import of each format', () => {
  it('PDF: text of every page, title from the document info', async () => {
    const { content, text } = await importOne('guide.pdf');
    expect(content.name).toBe('Aurora Pump Maintenance Guide');
    expect(content.source).toBe(fixture.server.url('/guide.pdf'));
    expect(content.subject.name).toBe('127.0.0.1');
    expect(text).toContain('The aurora pump needs calibration every ninety days.');
    expect(text).toContain('Tighten the impeller bolt to twelve newton metres.');
  });

  it('DOCX: headings become the passage heading path', async () => {
    const { content, passages: rows } = await importOne('timetable.docx', { subject_name: 'Transport' });
    expect(content.name).toBe('Harbour Ferry Timetable');
    expect(content.subject.name).toBe('Transport');
    const ticket = rows.find((p) => p.text.includes('A day ticket costs seven euros'));
    expect(ticket?.heading).toBe('Harbour Ferry Timetable › Tickets');
    expect(ticket?.text).toContain('Bicycles travel free on the lower deck.');
  });

  it('HTML: main text and title, no navigation, sidebar or footer', async () => {
    const { content, text, passages: rows } = await importOne('handbook.html', { content_name: 'Trail guide', source_link: 'https://example.com/trail' });
    expect(content.name).toBe('Trail guide');
    expect(content.source).toBe('https://example.com/trail');
    expect(text).toContain('The glacier trail opens on the first of June');
    expect(rows.find((p) => p.text.includes('moraine spring'))?.heading).toBe('Glacier Trail Handbook › Water and shelter');
    for (const chrome of ['Navigation link alpha', 'Subscribe to the newsletter', 'Sidebar advert', 'Copyright footer text', 'About us'])
      expect(text).not.toContain(chrome);
  });

  it('HTML that leaves out <html>, <head> and <body>, as the standard allows: read as a browser reads it', async () => {
    const { content, passages: rows } = await importOne('snippet.html');
    expect(content.name).toBe('Beekeeping notes');
    expect(rows.find((p) => p.text.includes('queen cells along the lower edge'))?.heading).toBe('Beekeeping notes');
    expect(rows.find((p) => p.text.includes('twenty kilograms of honey'))?.heading).toBe('Beekeeping notes › Winter');
  });

  it('HTML without landmarks: Readability finds the main text', async () => {
    const { content, text, passages: rows } = await importOne('blog.html');
    expect(content.name).toBe('Sourdough at Home'); // the <title> less the blog's name, which the <h1> leaves out
    expect(text).toContain('A healthy starter doubles in size within six hours of feeding.');
    expect(rows.find((p) => p.text.includes('cast iron pot'))?.heading).toMatch(/Shaping the loaf$/);
    for (const chrome of ['Shop the starter kit', 'Log in', 'All rights reserved', 'Contact the webmaster']) expect(text).not.toContain(chrome);
  });

  it("HTML a generator wrote (Doxygen): named by the page's own title, read without its banner, marks and contents list", async () => {
    const { content, passages: rows, text } = await importOne('tide-doxygen.html');
    expect(content.name).toBe('tides.h File Reference'); // not "TideLib: tides.h File Reference"
    for (const chrome of ['TideLib', 'Tide tables for small harbours', 'Table of Contents', '◆']) expect(text).not.toContain(chrome);
    // The signature Doxygen lays out as a table, one line.
    expect(text).toMatch(/double tide_height \( ?const struct harbour \* harbour, time_t when \)/);
    // Each option an entry: its name on a line of its own over its description, under "Options" (small entries share a passage).
    const options = rows.find((p) => p.text.includes('closer curve'));
    expect(options?.heading).toBe('tides.h File Reference › Options');
    expect(options?.text).toMatch(/^TIDE_CONSTITUENTS\n/m);
    expect(options?.text).toMatch(/^TIDE_DATUM\n/m);
  });

  it('HTML without a content name takes the page title', async () => {
    fixture.server.on('/untitled-page', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(fs.readFileSync('tests/fixtures/import/handbook.html')),
    );
    const { content } = await importOne('untitled-page');
    expect(content.name).toBe('Glacier Trail Handbook');
  });

  it('Markdown: headings, inline markup removed, front matter dropped', async () => {
    const { content, passages: rows, text } = await importOne('orchard.md');
    expect(content.name).toBe('Orchard Care');
    const pests = rows.find((p) => p.text.includes('Codling moth traps'));
    expect(pests?.heading).toBe('Orchard Care › Pests');
    expect(pests?.text).toContain('check them every week and note the count in the orchard log.');
    expect(text).toContain('Apple trees are pruned in late winter');
    expect(text).not.toContain('ignored front matter');
  });

  it('Markdown as GitHub renders it: HTML blocks read as HTML, entities decoded, bold lines and summaries titling prose', async () => {
    const { passages: rows, text } = await importOne('beehive-readme.md');
    // The HTML table a row a line under its header, entities decoded, not one run of cells.
    expect(text).toMatch(/Season \| Interval\s+Spring <swarming> \| every 7 days\s+Winter \| every 30 days/);
    expect(text).toContain('A scheduler for hive inspections — fast, small & offline.');
    expect(text).toMatch(/Warning:\s+Never open a hive below 10 °C\./);
    for (const marker of ['&lt;', '&amp;', '[!WARNING]', '<td>', '**']) expect(text).not.toContain(marker);
    // A bold line over prose and a disclosure's summary title what they hold; a bold line over code stays with it.
    expect(rows.find((p) => p.text.includes('marking colour'))?.heading).toBe('Beehive › FAQ › Can I track queens?');
    expect(rows.find((p) => p.text.includes('written as CSV'))?.heading).toBe('Beehive › FAQ › How do I export the logbook?');
    expect(rows.find((p) => p.text.includes('npm install beehive'))?.text).toMatch(/Install with npm\s+```/);
  });

  it('AsciiDoc (.adoc): sections, description lists as entries, listings as code, macros as their text, attributes and comments as nothing', async () => {
    const { content, passages: rows, text } = await importOne('hive-guide.adoc');
    expect(content.name).toBe('Hive Inspection Guide');
    // Each term an entry over its description; the two small entries share a passage under their section.
    const tools = rows.find((p) => p.text.includes('Calms the colony'));
    expect(tools?.heading).toBe('Hive Inspection Guide › Tools');
    expect(tools?.text).toMatch(/^smoker\n+Calms the colony before the lid comes off\.\n+hive tool\n+Pries frames apart/m);
    expect(text).toMatch(/Note:\s+Wear a veil for every inspection\./);
    expect(text).toMatch(/Field \| Meaning\s+Queen seen \| yes or no/);
    expect(text).toMatch(/```\nbeehive export --since 2024-01-01 log\.csv\n```/);
    expect(text).toContain('Export the log with beehive export <file>:');
    expect(text).toContain('See the tools or the hive atlas.');
    for (const markup of [':toc:', '// internal', '[source', '----', '|===', '<<tools', 'link:']) expect(text).not.toContain(markup);
  });

  it('plain text: named after the file', async () => {
    const { content, text } = await importOne('lighthouse.txt');
    expect(content.name).toBe('lighthouse.txt');
    expect(text).toContain('The old lighthouse on Keeper Island was automated in 1987.');
    expect(text).toContain('Visitors can climb its 212 steps on Saturdays');
  });

  it('reStructuredText: sections, the title, a function as an entry, code as code, roles as their text, markup no reader sees left out', async () => {
    const { content, passages: rows, text } = await importOne('pumps.rst');
    expect(content.name).toBe('The pump station');
    expect(rows.find((p) => p.text.includes('inlet valve'))?.heading).toBe('The pump station › Starting a pump');
    expect(text).toContain('Open the inlet valve first, then start the motor:\n\n```\nstation start --pump 1 --slow\n```');
    expect(text).toContain('See the valve guide and prime before a dry start.');
    expect(text).toContain('Note:\n\nA pump must never run dry for more than ten seconds.');
    const entry = rows.find((p) => p.text.includes('casing'));
    expect(entry?.heading).toBe('The pump station › Starting a pump › station.pumps.prime(pump, litres=5)');
    expect(entry?.text).toContain("Fill the pump's casing with litres of water before the first start.\n\nNew in version 2.1.");
    for (const hidden of [':orphan:', 'toctree', 'maxdepth', '.. _pumps', ':func:', '``litres']) expect(text).not.toContain(hidden);
  });

  it('MDX: read as Markdown, its module statements and JSX comments left out, the text inside components kept', async () => {
    const { content, text } = await importOne('irrigation.mdx');
    expect(content.name).toBe('Irrigation schedule');
    expect(text).toContain('The north field is watered at dawn, the south field at dusk.');
    expect(text).toContain('Never water during frost warnings.');
    for (const hidden of ['import', 'export', 'author', 'drafted', 'Callout']) expect(text).not.toContain(hidden);
  });

  it('text that looks like a tokenizer control token is imported as plain text', async () => {
    fixture.server.on('/tokens.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Models stop at <|endoftext|> and <|im_start|> markers.'),
    );
    const { text, item } = await importOne('tokens.txt');
    expect(text).toContain('Models stop at <|endoftext|> and <|im_start|> markers.');
    expect(item.tokens).toBeGreaterThan(5);
  });

  it('CSV question–answer list: one passage per row with its answer', async () => {
    const { passages: rows } = await importOne('faq.csv');
    expect(rows.map((p) => [p.text, p.answer])).toEqual([
      ['How do I reset my password?', 'Open Settings, choose Security and press "Reset password".'],
      ['Can I export my data?', 'Yes: use the Export button on the Account page.'],
    ]);
  });

  it('XLSX question–answer list: one passage per row with its answer', async () => {
    const { passages: rows } = await importOne('faq.xlsx');
    expect(rows.map((p) => [p.text, p.answer])).toEqual([
      ['What are the opening hours?', 'The museum is open from nine to five, Tuesday to Sunday.'],
      ['Is there a cloakroom?', 'Yes, the cloakroom is next to the ticket desk and it is free.'],
    ]);
  });

  it('the format comes from the bytes, not the name: a PDF served as .txt with a wrong type is read as a PDF', async () => {
    fixture.server.on('/disguised.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end(fs.readFileSync('tests/fixtures/import/guide.pdf')),
    );
    const { text } = await importOne('disguised.txt');
    expect(text).toContain('The aurora pump needs calibration every ninety days.');
  });

  it('imported contents are listed under the dataset', async () => {
    const res = await call(contents.GET, 'GET', `/searcher/v1/datasets/${fixture.datasetId}/contents`, {
      token: fixture.tenant.apiKey,
      params: { dataset_id: String(fixture.datasetId) },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Aurora Pump Maintenance Guide', 'Harbour Ferry Timetable', 'Trail guide', 'Orchard Care', 'lighthouse.txt']),
    );
  });
});
