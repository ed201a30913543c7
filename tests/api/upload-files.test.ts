// POST /searcher/v1/upload/files: real files sent as multipart/form-data,
// through the queue to passages and search; limits enforced while the body
// streams (413, nothing stored); formats sniffed from the bytes; hostile
// file names kept only as cleaned display names; roles and tenancy; the
// original bytes kept for a re-parse.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import { sweepUploadFiles } from '@/lib/ingest/files';
import { spoolDir } from '@/lib/ingest/file-uploads';
import { sweepSpool } from '@/lib/ingest/upload-form';
import * as files from '@/app/searcher/v1/upload/files/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as passages from '@/app/searcher/v1/contents/[content_id]/passages/route';
import * as original from '@/app/searcher/v1/contents/[content_id]/original/route';
import * as reparse from '@/app/searcher/v1/contents/[content_id]/reparse/route';
import * as search from '@/app/searcher/v1/search/route';
import { call, expectError } from '../helpers/http';
import { sendMultipart, type Part } from '../helpers/multipart';
import { createDatamodelFor, createKnowledge, createTenant, type Tenant } from '../helpers/tenant';

// Browser sessions of the tests: whoever `sessionUser` names is signed in.
const session = vi.hoisted(() => ({ identity: null as { userId: number; organizationId: number } | null }));
vi.mock('@/lib/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/session')>()),
  currentSessionIdentity: async () => session.identity,
}));

const FIXTURES = 'tests/fixtures/import';
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const file = (fileName: string, bytes: Buffer | string, type?: string): Part => ({ field: 'files', fileName, bytes, type });
const field = (name: string, value: string): Part => ({ field: name, value });

let t: Tenant;

beforeAll(async () => {
  t = await createTenant('upfiles');
  await createKnowledge(t, 'Library');
  await createDatamodelFor(t, 'Library', 'Librarian');
});

afterEach(() => {
  vi.unstubAllEnvs();
  overrideConfig();
  session.identity = null;
});

async function progressOf(id: number, token = t.apiKey) {
  const res = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${id}`, { token, params: { upload_id: String(id) } });
  expect(res.status).toBe(200);
  return res.body;
}

async function passagesOf(contentId: number): Promise<{ heading: string; text: string; answer: string }[]> {
  const res = await call(passages.GET, 'GET', '/x', { token: t.apiKey, params: { content_id: String(contentId) } });
  expect(res.status).toBe(200);
  return res.body;
}

/** Rows of the tenant's project that an upload would write. */
async function storedRows(projectId = t.project.id) {
  const [uploads, items, filesStored] = await Promise.all([
    db().upload.count({ where: { projectId } }),
    db().uploadItem.count({ where: { upload: { projectId } } }),
    db().uploadFile.count({ where: { projectId } }),
  ]);
  return { uploads, items, files: filesStored };
}

const spoolFiles = () => (fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()) : []);

/** Uploads one file into 'Library' with the API key, lets this worker import it, and returns the upload's id and its item. */
async function importIntoLibrary(name: string, content: string | Buffer, workerId: string) {
  const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file(name, content)], { token: t.apiKey });
  await drainUploads({ workerId, projectId: t.project.id });
  return { id: res.body.id as number, item: (await progressOf(res.body.id)).items[0] };
}

/** A refused upload left no rows behind (the counts taken before it) and no file in the spool folder. */
async function expectNothingStored(before: Awaited<ReturnType<typeof storedRows>>) {
  expect(await storedRows()).toEqual(before);
  expect(spoolFiles()).toEqual([]);
}

describe('POST /searcher/v1/upload/files', () => {
  it('imports PDF, DOCX, HTML, Markdown and CSV files sent as multipart, through to passages and search', async () => {
    const res = await sendMultipart(
      files.POST,
      [
        field('dataset_name', 'Library'),
        field('name', 'Five formats'),
        file('guide.pdf', fixture('guide.pdf'), 'application/pdf'),
        file('timetable.docx', fixture('timetable.docx')),
        file('handbook.html', fixture('handbook.html'), 'text/html'),
        file('orchard.md', fixture('orchard.md')),
        file('faq.csv', fixture('faq.csv'), 'text/csv'),
      ],
      { token: t.apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Upload started',
      id: expect.any(Number),
      files: ['guide.pdf', 'timetable.docx', 'handbook.html', 'orchard.md', 'faq.csv'].map((name) => ({
        name,
        size: fixture(name).length,
        state: 'queued',
        error: null,
      })),
    });
    // The answer comes after the bytes are in the database: the spool is empty again.
    expect(spoolFiles()).toEqual([]);
    const queued = await progressOf(res.body.id);
    expect(queued.name).toBe('Five formats');
    expect(queued.items.map((i: { state: string }) => i.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);

    await drainUploads({ workerId: 'upfiles-formats', projectId: t.project.id });
    const done = await progressOf(res.body.id);
    expect(done.state).toBe('done');
    expect(done.counts).toMatchObject({ total: 5, done: 5, failed: 0 });
    const items = done.items as {
      file_name: string;
      file_size: number;
      url: string | null;
      content_id: number;
      passages: number;
      error: string | null;
      subject_name: string | null;
    }[];
    expect(items.map((i) => [i.file_name, i.url, i.error])).toEqual([
      ['guide.pdf', null, null],
      ['timetable.docx', null, null],
      ['handbook.html', null, null],
      ['orchard.md', null, null],
      ['faq.csv', null, null],
    ]);
    for (const item of items) expect(item.passages).toBeGreaterThan(0);

    const contents = await db().content.findMany({ where: { id: { in: items.map((i) => i.content_id) } }, include: { subject: true } });
    const byName = Object.fromEntries(contents.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual([
      'Aurora Pump Maintenance Guide',
      'Glacier Trail Handbook',
      'Harbour Ferry Timetable',
      'Orchard Care',
      'faq.csv',
    ]);
    for (const c of contents) {
      expect(c.subject.name).toBe('Uploaded files');
      expect(c.source).toBe('');
      expect(c.fileId).not.toBeNull();
    }
    const pdf = (await passagesOf(byName['Aurora Pump Maintenance Guide'].id)).map((p) => p.text).join('\n');
    expect(pdf).toContain('The aurora pump needs calibration every ninety days.');
    const md = await passagesOf(byName['Orchard Care'].id);
    expect(md.find((p) => p.text.includes('Codling moth traps'))?.heading).toBe('Orchard Care › Pests');
    const csv = await passagesOf(byName['faq.csv'].id);
    expect(csv.map((p) => [p.text, p.answer])).toContainEqual(['Can I export my data?', 'Yes: use the Export button on the Account page.']);

    const found = await call(search.POST, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'How often does the aurora pump need calibration?', dataset: 'Library' },
    });
    expect(found.status).toBe(200);
    expect(found.body.search[0].content.name).toBe('Aurora Pump Maintenance Guide');
    expect(found.body.search[0].context).toContain('calibration every ninety days');
  });

  it('reads the format from the bytes, not the name: a ".pdf" holding HTML is read as HTML', async () => {
    const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('quarterly-report.pdf', fixture('blog.html'), 'application/pdf')], {
      token: t.apiKey,
    });
    expect(res.status).toBe(200);
    await drainUploads({ workerId: 'upfiles-sniff', projectId: t.project.id });
    const item = (await progressOf(res.body.id)).items[0];
    expect(item.error).toBeNull();
    expect(item.state).toBe('done');
    const content = await db().content.findUniqueOrThrow({ where: { id: item.content_id } });
    expect(content.name).toBe('Sourdough at Home'); // the HTML <title> less the blog's name, which the <h1> leaves out
    const text = (await passagesOf(item.content_id)).map((p) => p.text).join('\n');
    expect(text).toContain('A healthy starter doubles in size within six hours of feeding.');
    expect(text).not.toContain('<');
  });

  it('reads text saved in other encodings: Windows-1252 (Excel and Notepad on Windows) and UTF-16 with its mark', async () => {
    const latin = Buffer.from([
      ...Buffer.from('Question,Answer\nIs the caf'),
      0xe9,
      ...Buffer.from(' open on Sunday?,"Yes '),
      0x96,
      ...Buffer.from(' from nine, and it serves cr'),
      0xe8,
      ...Buffer.from('me br'),
      0xfb,
      ...Buffer.from('l'),
      0xe9,
      ...Buffer.from('e."\n'),
    ]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Ferry notes\n\nThe ferry to Åland leaves at 07:40 from pier four.\n', 'utf16le')]);
    const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('cafe.csv', latin, 'text/csv'), file('ferry.md', utf16)], {
      token: t.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { state: string }) => f.state)).toEqual(['queued', 'queued']);
    await drainUploads({ workerId: 'upfiles-encodings', projectId: t.project.id });
    const [cafe, ferry] = (await progressOf(res.body.id)).items;
    expect([cafe.error, ferry.error]).toEqual([null, null]);
    const cafeRows = await passagesOf(cafe.content_id);
    expect(cafeRows.map((p) => `${p.text} ${p.answer}`).join('\n')).toContain('Is the café open on Sunday?');
    expect(cafeRows.map((p) => p.answer).join('\n')).toContain('Yes – from nine, and it serves crème brûlée.');
    const ferryText = (await passagesOf(ferry.content_id)).map((p) => `${p.heading}\n${p.text}`).join('\n');
    expect(ferryText).toContain('Ferry notes');
    expect(ferryText).toContain('The ferry to Åland leaves at 07:40 from pier four.');
  });

  it('refuses an unknown binary per file at once (its bytes are not kept); the other files go on', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), crypto.randomBytes(3000)]);
    const before = await storedRows();
    const res = await sendMultipart(
      files.POST,
      [field('dataset_name', 'Library'), file('notes.md', fixture('orchard.md')), file('photo.md', png, 'text/markdown')],
      { token: t.apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.files[1]).toEqual({ name: 'photo.md', size: png.length, state: 'failed', error: expect.stringContaining('not a supported type') });
    expect(res.body.files[0].state).toBe('queued');
    const after = await storedRows();
    expect(after.files - before.files).toBe(1); // only the Markdown file's bytes
    await drainUploads({ workerId: 'upfiles-binary', projectId: t.project.id });
    const progress = await progressOf(res.body.id);
    expect(progress.state).toBe('partial');
    expect(progress.items[1]).toMatchObject({ state: 'failed', file_name: 'photo.md', content_id: null, attempts: 0 });
    expect(progress.items[1].error).toBe(
      "The file's content is not a supported type (it is binary, not text): supported are PDF, Word (DOCX), Excel (XLSX), HTML, Markdown, plain text and CSV",
    );
    expect(progress.items[0].state).toBe('done');
  });

  it('a ZIP that is not a Word or Excel file fails in the parser with a reason', async () => {
    // An empty ZIP archive: the signature passes the first look, the parser refuses it.
    const zip = Buffer.from('504b0304' + '00'.repeat(26) + '504b0506' + '00'.repeat(18), 'hex');
    const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('archive.docx', zip)], { token: t.apiKey });
    expect(res.status).toBe(200);
    await drainUploads({ workerId: 'upfiles-zip', projectId: t.project.id });
    const item = (await progressOf(res.body.id)).items[0];
    expect(item.state).toBe('failed');
    expect(item.error).toMatch(/ZIP/);
  });

  describe('limits, enforced while the body streams: 413 and nothing stored', () => {
    it('a file over IMPORT_UPLOAD_MAX_FILE_BYTES', async () => {
      overrideConfig({ IMPORT_UPLOAD_MAX_FILE_BYTES: '2048' });
      const before = await storedRows();
      const res = await sendMultipart(
        files.POST,
        [field('dataset_name', 'Library'), file('small.md', fixture('orchard.md')), file('guide.pdf', fixture('guide.pdf'))],
        { token: t.apiKey },
      );
      expectError(res, 413, 'The file "guide.pdf" is over the 2 KB limit of one file');
      await expectNothingStored(before);
    });

    it('the same file sent chunked (no Content-Length) is cut off at the limit too', async () => {
      overrideConfig({ IMPORT_UPLOAD_MAX_FILE_BYTES: '2048' });
      const before = await storedRows();
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('guide.pdf', fixture('guide.pdf'))], {
        token: t.apiKey,
        chunked: 512,
      });
      expect(res.status).toBe(413);
      await expectNothingStored(before);
    });

    it('a request over IMPORT_UPLOAD_MAX_REQUEST_BYTES: by its Content-Length at once, and while streaming without one', async () => {
      overrideConfig({ IMPORT_UPLOAD_MAX_REQUEST_BYTES: '5120' });
      const before = await storedRows();
      const parts = [field('dataset_name', 'Library'), file('guide.pdf', fixture('guide.pdf')), file('timetable.docx', fixture('timetable.docx'))];
      const declared = await sendMultipart(files.POST, parts, { token: t.apiKey });
      expect(declared.status).toBe(413);
      expect(declared.body.detail).toMatch(/^The request is [\d.]+ KB, over the 5 KB limit of one upload$/);
      const streamed = await sendMultipart(files.POST, parts, { token: t.apiKey, chunked: 1000 });
      expectError(streamed, 413, 'The request is over the 5 KB limit of one upload');
      await expectNothingStored(before);
    });

    it('more files than IMPORT_UPLOAD_MAX_FILES', async () => {
      overrideConfig({ IMPORT_UPLOAD_MAX_FILES: '2' });
      const before = await storedRows();
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), ...['a', 'b', 'c'].map((n) => file(`${n}.md`, `# ${n}\n\ntext ${n}`))], {
        token: t.apiKey,
      });
      expectError(res, 413, 'Too many files: one upload takes at most 2');
      await expectNothingStored(before);
    });

    it('a client that goes away mid-upload leaves no records and no spool file', async () => {
      const before = await storedRows();
      const res = await sendMultipart(
        files.POST,
        [field('dataset_name', 'Library'), file('guide.pdf', fixture('guide.pdf')), file('timetable.docx', fixture('timetable.docx'))],
        {
          token: t.apiKey,
          chunked: 1024,
          breakAfter: 3000,
        },
      );
      expectError(res, 400, 'Could not read the request body');
      await expectNothingStored(before);
    });
  });

  describe('malformed requests', () => {
    it.each([
      ['no dataset_name', [file('a.md', '# A')], 400, 'dataset_name: dataset_name is required and must be a string'],
      ['no file', [field('dataset_name', 'Library')], 400, 'files: send at least one file'],
      ['an unknown field', [field('dataset_name', 'Library'), field('colour', 'red'), file('a.md', '# A')], 400, 'Unknown field: colour'],
      ['files sent as a text field', [field('dataset_name', 'Library'), field('files', 'a.md')], 400, 'files must be sent as files (parts with a filename)'],
      [
        'a file in another field',
        [field('dataset_name', 'Library'), { field: 'attachment', fileName: 'a.md', bytes: '# A' }],
        400,
        'Unknown field: attachment (files go in the field files)',
      ],
      [
        'a repeated field',
        [field('dataset_name', 'Library'), field('dataset_name', 'Other'), file('a.md', '# A')],
        400,
        'Field dataset_name is given more than once',
      ],
      ['an empty dataset_name', [field('dataset_name', ' '), file('a.md', '# A')], 400, 'dataset_name: dataset_name must not be empty'],
    ] as [string, Part[], number, string][])('%s', async (_label, parts, status, detail) => {
      const before = await storedRows();
      const res = await sendMultipart(files.POST, parts, { token: t.apiKey });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ detail });
      await expectNothingStored(before);
    });

    it('a JSON body → 415, a body that is not multipart → 400', async () => {
      const json = await call(files.POST, 'POST', '/searcher/v1/upload/files', { token: t.apiKey, body: { dataset_name: 'Library' } });
      expectError(json, 415, 'Content-Type must be multipart/form-data (got application/json)');
      const raw = async (body: string, contentType: string) => {
        const request = new Request('http://localhost/searcher/v1/upload/files', {
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': contentType },
        });
        const response = await files.POST(request);
        return { status: response.status, body: await response.json() };
      };
      const garbage = await raw('not a multipart body', 'multipart/form-data; boundary=xyz');
      expect(garbage.status).toBe(400);
      expect(garbage.body.detail).toMatch(/^Malformed multipart\/form-data body/);
      const noBoundary = await raw('x', 'multipart/form-data');
      expect(noBoundary).toEqual({ status: 400, body: { detail: 'Malformed multipart/form-data header: the boundary is missing' } });
    });

    it('other methods → 405', async () => {
      const res = await call(files.GET, 'GET', '/searcher/v1/upload/files', { token: t.apiKey });
      expect(res.status).toBe(405);
    });
  });

  it('hostile file names are stored cleaned, as display names only, and never reach the file system', async () => {
    const long = `${'a'.repeat(5000)}.md`;
    const dataDir = process.env.DATA_DIR!;
    const res = await sendMultipart(
      files.POST,
      [
        field('dataset_name', 'Library'),
        file('../../etc/passwd', 'root line one\n\nsecond paragraph of a text file'),
        file('evil\u0000name\u0007.md', '# Evil\n\nA file whose name had NUL and BEL.'),
        file(long, '# Long\n\nA file with a five-thousand-character name.'),
        file('..\\..\\windows\\win.ini', 'windows text'),
        file('\u202egnp.md', 'right-to-left override'),
        file('..', 'dots only'),
      ],
      { token: t.apiKey },
    );
    expect(res.status).toBe(200);
    const names = res.body.files.map((f: { name: string }) => f.name);
    expect(names[0]).toBe('passwd');
    expect(names[1]).toBe('evilname.md');
    expect(names[2]).toHaveLength(255);
    expect(names[2]).toMatch(/^a+…\.md$/);
    expect(names[3]).toBe('win.ini');
    expect(names[4]).toBe('gnp.md');
    expect(names[5]).toBe('unnamed file');
    for (const name of names) expect(name).not.toMatch(/[\u0000-\u001f/\\]/);
    // Stored as given back, also in the database.
    const items = await db().uploadItem.findMany({ where: { uploadId: res.body.id }, orderBy: { position: 'asc' }, include: { file: true } });
    expect(items.map((i) => i.fileName)).toEqual(names);
    expect(items.map((i) => i.file?.name)).toEqual(names);
    // Nothing was written under any of those names, anywhere in DATA_DIR or beside it.
    expect(fs.existsSync(path.join(dataDir, 'etc'))).toBe(false);
    expect(
      fs.existsSync(path.resolve(dataDir, '../../etc/passwd')) && fs.readFileSync(path.resolve(dataDir, '../../etc/passwd'), 'utf8').includes('root line one'),
    ).toBe(false);
    expect(spoolFiles()).toEqual([]);
    await drainUploads({ workerId: 'upfiles-names', projectId: t.project.id });
    const progress = await progressOf(res.body.id);
    expect(progress.items.map((i: { state: string }) => i.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect(progress.items[0].file_name).toBe('passwd');
  });

  it('keeps a non-ASCII name as it was sent (UTF-8)', async () => {
    const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('Relatório de manutenção – 2026.md', '# Relatório\n\nTexto.')], {
      token: t.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.files[0].name).toBe('Relatório de manutenção – 2026.md');
  });

  describe('roles and tenancy (the rules of POST /searcher/v1/upload)', () => {
    it('a VIEWER session is refused (403); an EDITOR session may upload; an API key may', async () => {
      session.identity = { userId: t.users.VIEWER.id, organizationId: t.organization.id };
      const before = await storedRows();
      const fromTheApp = { headers: { 'sec-fetch-site': 'same-origin' } };
      const viewer = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A\n\ntext')], fromTheApp);
      expectError(viewer, 403, 'The VIEWER role cannot change data');
      expect(await storedRows()).toEqual(before);

      session.identity = { userId: t.users.EDITOR.id, organizationId: t.organization.id };
      const editor = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A\n\ntext')], fromTheApp);
      expect(editor.status).toBe(200);
      // A cookie-authenticated upload from another site is refused before the body is read.
      const crossSite = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A')], {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
    });

    it('no credential → 401; a user or project token → 401 (knowledge takes API keys and sessions)', async () => {
      expect((await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A')])).status).toBe(401);
      expect((await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A')], { token: t.userTokens.OWNER })).status).toBe(401);
      expect((await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('a.md', '# A')], { token: t.projectToken })).status).toBe(401);
    });

    it("another organisation's dataset name → 404, nothing stored, their dataset untouched", async () => {
      const other = await createTenant('upfiles-other');
      const theirs = await createKnowledge(other, 'Secret plans');
      const before = await storedRows();
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Secret plans'), file('a.md', '# A\n\ntext')], { token: t.apiKey });
      expectError(res, 404, 'Dataset "Secret plans" not found in this project');
      expect(await storedRows()).toEqual(before);
      expect(await db().content.count({ where: { datasetId: theirs.dataset.id } })).toBe(1);
      // Their upload's progress is not ours to read.
      const up = await sendMultipart(files.POST, [field('dataset_name', 'Secret plans'), file('b.md', '# B\n\ntext')], { token: other.apiKey });
      expect(up.status).toBe(200);
      const res404 = await call(uploadOne.GET, 'GET', '/x', { token: t.apiKey, params: { upload_id: String(up.body.id) } });
      expect(res404.status).toBe(404);
    });
  });

  describe('the original bytes', () => {
    it('are kept: downloadable as they were sent, and a re-parse reads them (no re-upload)', async () => {
      const bytes = fixture('timetable.docx');
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), field('subject_name', 'Transport'), file('ferry.docx', bytes)], {
        token: t.apiKey,
      });
      expect(res.status).toBe(200);
      await drainUploads({ workerId: 'upfiles-orig', projectId: t.project.id });
      const first = (await progressOf(res.body.id)).items[0];
      expect(first.state).toBe('done');
      const contentId = first.content_id as number;
      const content = await db().content.findUniqueOrThrow({ where: { id: contentId }, include: { subject: true } });
      expect(content.subject.name).toBe('Transport');

      const download = await call(original.GET, 'GET', '/x', { token: t.apiKey, params: { content_id: String(contentId) } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/octet-stream');
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="ferry.docx"; filename*=UTF-8''ferry.docx`);
      expect(Buffer.from(await download.response.arrayBuffer()).equals(bytes)).toBe(true);

      // Passages edited away (as a parser change would leave them): the re-parse restores them from the stored bytes.
      const originalPassages = await passagesOf(contentId);
      await db().passage.deleteMany({ where: { contentId } });
      const again = await call(reparse.POST, 'POST', '/x', { token: t.apiKey, params: { content_id: String(contentId) } });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ message: 'Re-parse started', id: expect.any(Number) });
      const item = (await progressOf(again.body.id)).items[0];
      expect(item).toMatchObject({
        state: 'queued',
        file_name: 'ferry.docx',
        file_size: bytes.length,
        url: null,
        content_name: content.name,
        subject_name: 'Transport',
      });
      await drainUploads({ workerId: 'upfiles-reparse', projectId: t.project.id });
      const reparsed = (await progressOf(again.body.id)).items[0];
      expect(reparsed.state).toBe('done');
      expect(reparsed.content_id).toBe(contentId); // the same content, updated in place
      expect(await passagesOf(contentId)).toEqual(originalPassages.map((p) => ({ ...p, id: expect.any(Number) })));
    });

    it('a file of many pieces (1.5 MB) is stored, read back for parsing and downloaded byte for byte', async () => {
      const paragraph = (i: number) => `Paragraph ${i} of the long manual: the valve ${i % 97} is checked every ${i % 13} days and noted in the log.\n\n`;
      const text = Buffer.from(`# Long manual\n\n${Array.from({ length: 16_000 }, (_, i) => paragraph(i)).join('')}`);
      expect(text.length).toBeGreaterThan(1_500_000);
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('long-manual.md', text)], { token: t.apiKey, chunked: 64 * 1024 });
      expect(res.status).toBe(200);
      const stored = await db().uploadItem.findFirstOrThrow({
        where: { uploadId: res.body.id },
        include: { file: { include: { _count: { select: { chunks: true } } } } },
      });
      expect(stored.file?.size).toBe(text.length);
      expect(stored.file?._count.chunks).toBe(Math.ceil(text.length / (128 * 1024)));
      expect(stored.file?.sha256).toBe(crypto.createHash('sha256').update(text).digest('hex'));
      await drainUploads({ workerId: 'upfiles-long', projectId: t.project.id });
      const item = (await progressOf(res.body.id)).items[0];
      expect(item.error).toBeNull();
      expect(item.state).toBe('done');
      expect(item.passages).toBeGreaterThan(100);
      const rows = await passagesOf(item.content_id);
      expect(rows.map((p) => p.text).join('\n')).toContain('Paragraph 15999 of the long manual');
      const download = await call(original.GET, 'GET', '/x', { token: t.apiKey, params: { content_id: String(item.content_id) } });
      expect(download.headers.get('content-length')).toBe(String(text.length));
      expect(Buffer.from(await download.response.arrayBuffer()).equals(text)).toBe(true);
    });

    it('a re-parse after the settings changed uses the stored bytes and the new settings', async () => {
      const contentId = (await importIntoLibrary('orchard-notes.md', fixture('orchard.md'), 'upfiles-settings')).item.content_id as number;
      const before = await passagesOf(contentId);
      // A "parser upgrade": passages cut much smaller than before.
      overrideConfig({ IMPORT_PASSAGE_TOKENS: '32', IMPORT_PASSAGE_OVERLAP_TOKENS: '0' });
      const again = await call(reparse.POST, 'POST', '/x', { token: t.apiKey, params: { content_id: String(contentId) } });
      await drainUploads({ workerId: 'upfiles-settings-2', projectId: t.project.id });
      expect((await progressOf(again.body.id)).items[0].state).toBe('done');
      const after = await passagesOf(contentId);
      expect(after.length).toBeGreaterThan(before.length);
      expect(after.map((p) => p.text).join(' ')).toContain('Codling moth traps');
    });

    it('re-parse of a content not uploaded from a file → 409; of another organisation → 404; VIEWER → 403', async () => {
      const plain = await db().content.findFirstOrThrow({ where: { dataset: { projectId: t.project.id }, fileId: null } });
      const res = await call(reparse.POST, 'POST', '/x', { token: t.apiKey, params: { content_id: String(plain.id) } });
      expectError(res, 409, 'This content was not uploaded from a file, so there is no original to read again');
      expect((await call(original.GET, 'GET', '/x', { token: t.apiKey, params: { content_id: String(plain.id) } })).status).toBe(404);

      const other = await createTenant('upfiles-reparse-other');
      const uploaded = await db().content.findFirstOrThrow({ where: { dataset: { projectId: t.project.id }, fileId: { not: null } } });
      expect((await call(reparse.POST, 'POST', '/x', { token: other.apiKey, params: { content_id: String(uploaded.id) } })).status).toBe(404);
      expect((await call(original.GET, 'GET', '/x', { token: other.apiKey, params: { content_id: String(uploaded.id) } })).status).toBe(404);
      session.identity = { userId: t.users.VIEWER.id, organizationId: t.organization.id };
      const viewerWrite = await call(reparse.POST, 'POST', '/x', { params: { content_id: String(uploaded.id) }, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(viewerWrite).toMatchObject({ status: 403, body: { detail: 'The VIEWER role cannot change data' } });
      // Viewers read knowledge: the original is theirs to download.
      expect((await call(original.GET, 'GET', '/x', { params: { content_id: String(uploaded.id) } })).status).toBe(200);
    });

    it('uploading the same name again replaces the content; the old bytes are swept once nothing refers to them', async () => {
      const first = await importIntoLibrary('policy.md', '# Travel policy\n\nTrains are booked in second class.', 'upfiles-replace');
      const firstItem = first.item;
      const oldFileId = (await db().content.findUniqueOrThrow({ where: { id: firstItem.content_id } })).fileId!;

      const secondItem = (await importIntoLibrary('policy.md', '# Travel policy\n\nTrains are booked in first class after four hours.', 'upfiles-replace-2'))
        .item;
      expect(secondItem.content_id).toBe(firstItem.content_id);
      const content = await db().content.findUniqueOrThrow({ where: { id: secondItem.content_id } });
      expect(content.fileId).not.toBe(oldFileId);
      expect((await passagesOf(content.id)).map((p) => p.text).join(' ')).toContain('first class after four hours');

      await sweepUploadFiles();
      expect(await db().uploadFile.findUnique({ where: { id: oldFileId } })).toBeNull();
      expect(await db().uploadFileChunk.count({ where: { fileId: oldFileId } })).toBe(0);
      expect(await db().uploadFile.findUnique({ where: { id: content.fileId! } })).not.toBeNull();
      // The done item that pointed at the swept file keeps its name for the history.
      expect((await progressOf(first.id)).items[0]).toMatchObject({ file_name: 'policy.md', state: 'done' });
    });

    it('a file whose stored bytes are gone fails its item with a plain reason', async () => {
      const res = await sendMultipart(files.POST, [field('dataset_name', 'Library'), file('gone.md', '# Gone\n\ntext')], { token: t.apiKey });
      const item = await db().uploadItem.findFirstOrThrow({ where: { uploadId: res.body.id } });
      await db().uploadFile.delete({ where: { id: item.fileId! } });
      await drainUploads({ workerId: 'upfiles-gone', projectId: t.project.id });
      expect((await progressOf(res.body.id)).items[0]).toMatchObject({ state: 'failed', error: 'The uploaded file is no longer stored: upload it again' });
    });

    it('spool files left by a crash are swept; files of requests in flight (young) are not', async () => {
      fs.mkdirSync(spoolDir(), { recursive: true });
      const stale = path.join(spoolDir(), 'left-by-a-crash.part');
      const young = path.join(spoolDir(), 'in-flight.part');
      fs.writeFileSync(stale, 'half a file');
      fs.writeFileSync(young, 'half a file');
      const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(stale, hourAgo, hourAgo);
      expect(await sweepSpool(spoolDir())).toBe(1);
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(young)).toBe(true);
      fs.rmSync(young);
    });
  });
});
