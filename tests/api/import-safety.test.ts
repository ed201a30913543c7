// Imports that must be refused: private addresses (SSRF), oversized or
// hostile files, unsupported and corrupt files, bad request bodies, and
// other tenants. Each refusal is a readable reason on the item, no content
// is created, and the rest of the upload goes on.
import dns from 'node:dns';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { call } from '../helpers/http';
import type { Tenant } from '../helpers/tenant';
import type { FileServer } from '../helpers/file-server';
import { twoTenantImportFixture } from '../helpers/import-fixture';
import { db } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import { deflatedFill, onePagePdf, textContent } from '../helpers/pdf-file';
import type { Resolver } from '@/lib/ingest/fetch-safely';
import * as upload from '@/app/searcher/v1/upload/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as uploads from '@/app/searcher/v1/uploads/route';

let server: FileServer;
let a: Tenant;
let b: Tenant;
const MB = 1024 * 1024;

beforeAll(async () => {
  ({ server, a, b } = await twoTenantImportFixture('safe'));
});
afterAll(() => server.close());
afterEach(() => {
  overrideConfig({ IMPORT_ALLOW_LOOPBACK: '1' });
});

/** Test DNS: listed names get fixed answers, anything else the system resolver (offline: /etc/hosts). */
const resolve: Resolver = async (host) => {
  if (host === 'intranet.example') return [{ address: '10.20.30.40', family: 4 }];
  if (host === 'public.example') return [{ address: '93.184.215.14', family: 4 }];
  return dns.promises.lookup(host, { all: true, verbatim: true });
};

async function runUpload(tenant: Tenant, items: { url: string; dataset_name?: string }[]) {
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: tenant.apiKey,
    body: { name: 'safety', uploads: items.map((i) => ({ dataset_name: 'Vault', ...i })) },
  });
  expect(res.status).toBe(200);
  await drainUploads({ workerId: `safety-${res.body.id}`, resolve, projectId: tenant.project.id });
  const got = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${res.body.id}`, { token: tenant.apiKey, params: { upload_id: String(res.body.id) } });
  return got.body as {
    id: number;
    state: string;
    counts: Record<string, number>;
    items: { url: string; state: string; error: string | null; content_id: number | null }[];
  };
}

async function contentsOf(tenant: Tenant) {
  return db().content.count({ where: { dataset: { projectId: tenant.project.id }, importUrl: { not: null } } });
}

describe('SSRF: every private destination is refused with its reason', () => {
  const uploadsOf = (tenant: Tenant) => db().upload.count({ where: { projectId: tenant.project.id } });

  it('refuses loopback, private, link-local, metadata and odd forms when they are submitted (400, nothing written)', async () => {
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const p = new URL(server.url('/')).port;
    const cases: [string, RegExp][] = [
      [server.url('/lighthouse.txt'), /^Refused 127\.0\.0\.1:\d+: 127\.0\.0\.1 is a loopback address$/],
      // A name that resolves to loopback (here through /etc/hosts) without the test-only opt-in.
      ['http://localhost/lighthouse.txt', /^Refused localhost: it resolves to (127\.0\.0\.1|::1), which is a loopback address$/],
      ['http://0.0.0.0/', /unspecified/],
      ['http://[::1]/', /^Refused \[::1\]: ::1 is a loopback address$/],
      ['http://[::]/', /unspecified/],
      [`http://[::ffff:7f00:1]:${p}/lighthouse.txt`, /loopback address \(127\.0\.0\.1 inside an IPv6 address\)/],
      ['http://[::ffff:a9fe:a9fe]/', /cloud metadata address \(169\.254\.169\.254 inside an IPv6 address\)/],
      ['http://169.254.169.254/latest/meta-data/', /^Refused 169\.254\.169\.254: 169\.254\.169\.254 is a cloud metadata address$/],
      [`http://2130706433:${p}/lighthouse.txt`, /127\.0\.0\.1 is a loopback address/],
      [`http://0177.0.0.1:${p}/lighthouse.txt`, /127\.0\.0\.1 is a loopback address/],
      ['http://10.1.2.3/', /private \(RFC 1918\)/],
      ['http://172.20.0.1/', /private \(RFC 1918\)/],
      ['http://192.168.100.1/', /private \(RFC 1918\)/],
      ['http://[fd00::abcd]/', /unique-local \(private\)/],
      ['http://public.example:22/', /^Refused port 22: only ports 80, 443, 8080, 8443 are allowed$/],
    ];
    const before = await uploadsOf(a);
    for (const [url, reason] of cases) {
      const res = await call(upload.POST, 'POST', '/searcher/v1/upload', { token: a.apiKey, body: { name: 'x', uploads: [{ url, dataset_name: 'Vault' }] } });
      expect(res.status, url).toBe(400);
      const detail = (res.body as { detail: string }).detail;
      const prefix = `uploads.0.url: ${url} cannot be imported. `;
      expect(detail.startsWith(prefix), detail).toBe(true);
      expect(detail.slice(prefix.length)).toMatch(reason);
    }
    expect(server.hits.get('/lighthouse.txt') ?? 0).toBe(0);
    expect(await uploadsOf(a)).toBe(before);
    expect(await contentsOf(a)).toBe(0);
  });

  it('refuses the whole upload when one of its URLs is refused, naming that one', async () => {
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const before = await uploadsOf(a);
    const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
      token: a.apiKey,
      body: {
        name: 'mixed',
        uploads: [
          { url: 'https://public.example/a.pdf', dataset_name: 'Vault' },
          { url: 'http://10.0.0.7/b.pdf', dataset_name: 'Vault' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'uploads.1.url: http://10.0.0.7/b.pdf cannot be imported. Refused 10.0.0.7: 10.0.0.7 is a private (RFC 1918) address' });
    expect(await uploadsOf(a)).toBe(before);
  });

  it('accepts a loopback URL with the test-only opt-in (IMPORT_ALLOW_LOOPBACK=1)', async () => {
    const result = await runUpload(b, [{ url: server.url('/lighthouse.txt'), dataset_name: 'Other' }]);
    expect(result.items[0]).toMatchObject({ state: 'done', error: null });
  });

  it('still refuses at fetch time a name that resolves to a private address only then (DNS rebinding)', async () => {
    // At submission the system resolver does not know intranet.example; the worker's DNS answers 10.20.30.40.
    const result = await runUpload(a, [{ url: 'http://intranet.example/report.pdf' }]);
    expect(result.items[0].state).toBe('failed');
    expect(result.items[0].error).toBe('Refused intranet.example: it resolves to 10.20.30.40, which is a private (RFC 1918) address');
    expect(await contentsOf(a)).toBe(0);
  });

  it('refuses a redirect from an allowed URL to a private one', async () => {
    server.on('/go', (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' }).end());
    server.on('/go-private', (_req, res) => res.writeHead(301, { location: 'http://intranet.example/' }).end());
    const result = await runUpload(a, [{ url: server.url('/go') }, { url: server.url('/go-private') }]);
    expect(result.items[0].error).toBe('Refused 169.254.169.254: 169.254.169.254 is a cloud metadata address');
    expect(result.items[1].error).toBe('Refused intranet.example: it resolves to 10.20.30.40, which is a private (RFC 1918) address');
    expect(await contentsOf(a)).toBe(0);
  });

  it.each([
    ['ftp://example.com/file.pdf', 'uploads.0.url: url must be an http or https URL'],
    ['file:///etc/passwd', 'uploads.0.url: url must be an http or https URL'],
    ['gopher://example.com/', 'uploads.0.url: url must be an http or https URL'],
    ['not a url', 'uploads.0.url: url must be an absolute URL'],
  ])('answers 400 for the URL %s', async (url, detail) => {
    const res = await call(upload.POST, 'POST', '/searcher/v1/upload', { token: a.apiKey, body: { name: 'x', uploads: [{ url, dataset_name: 'Vault' }] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });
});

type ZipEntry = { name: string; data: Buffer; size: number; method?: number };

/**
 * The fields a local header and its central directory entry share, from
 * "version needed" on: at 4 in the local header, 2 bytes later (after
 * "version made by") in the central one.
 */
function writeEntryFields(header: Buffer, at: number, entry: ZipEntry, nameLength: number) {
  header.writeUInt16LE(20, at); // version needed: 2.0
  header.writeUInt16LE(entry.method ?? 8, at + 4); // deflate unless said otherwise
  header.writeUInt32LE(entry.data.length, at + 14); // compressed size
  header.writeUInt32LE(entry.size, at + 18); // uncompressed size: the claim a test may make lie
  header.writeUInt16LE(nameLength, at + 22);
}

/** A ZIP archive written by hand, so its headers can lie. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, entry, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Raw deflate of `size` zero bytes, made in pieces so the test never holds them all. */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const piece = Buffer.alloc(MB);
  for (let written = 0; written < size; written += MB) if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  await new Promise((r) => deflate.end(r));
  return Buffer.concat(out);
}

/** A valid PDF whose page tree holds `pages` empty pages. */
function manyPagePdf(pages: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')}] >>`,
  ];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('hostile files are refused within budget; the rest of the upload goes on', () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const serve = (path: string, type: string, body: Buffer) => server.on(path, (_req, res) => res.writeHead(200, { 'content-type': type }).end(body));

  it('ZIP bombs in DOCX/XLSX, a PDF with thousands of pages, oversized, unsupported and corrupt files fail; a good file is imported', async () => {
    const small = zlib.deflateRawSync(Buffer.from('<w:document/>'));
    serve('/declares-huge.docx', DOCX, zip([{ name: 'word/document.xml', data: small, size: 400 * MB }]));
    serve('/inflates-huge.docx', DOCX, zip([{ name: 'word/document.xml', data: await deflatedZeros(300 * MB), size: 1000 }]));
    serve(
      '/declares-huge.xlsx',
      XLSX,
      zip([
        { name: 'xl/workbook.xml', data: small, size: 300 * MB },
        { name: 'xl/sheet.xml', data: small, size: 300 * MB },
      ]),
    );
    serve('/pages.pdf', 'application/pdf', manyPagePdf(3000));
    serve(
      '/image.png',
      'image/png',
      Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b60000000049454e44ae426082',
        'hex',
      ),
    );
    serve('/broken.docx', DOCX, Buffer.from('this is not a zip file at all'));
    serve('/broken.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage'));
    serve('/empty.txt', 'text/plain', Buffer.alloc(0));
    server.on('/huge.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(200 * MB) }).end());
    overrideConfig({ IMPORT_MAX_BYTES: String(20 * MB) });
    const started = Date.now();
    const result = await runUpload(a, [
      { url: server.url('/declares-huge.docx') },
      { url: server.url('/inflates-huge.docx') },
      { url: server.url('/declares-huge.xlsx') },
      { url: server.url('/pages.pdf') },
      { url: server.url('/image.png') },
      { url: server.url('/broken.docx') },
      { url: server.url('/broken.pdf') },
      { url: server.url('/empty.txt') },
      { url: server.url('/huge.txt') },
      { url: server.url('/lighthouse.txt') },
    ]);
    overrideConfig({ IMPORT_MAX_BYTES: undefined });
    expect(Date.now() - started).toBeLessThan(20_000);
    const errors = result.items.map((item) => item.error);
    expect(errors[0]).toBe('The archive declares 400 MB of uncompressed data, over the 100 MB limit');
    expect(errors[1]).toBe('The archive entry word/document.xml inflates to more than the 1000 bytes it declares (a ZIP bomb)');
    expect(errors[2]).toBe('The archive declares 600 MB of uncompressed data, over the 100 MB limit');
    expect(errors[3]).toBe('The PDF has 3000 pages, over the limit of 500');
    expect(errors[4]).toBe('Unsupported file type (image/png): supported are PDF, DOCX, HTML, Markdown, plain text, CSV and XLSX');
    expect(errors[5]).toBe(
      'The file is declared as a Word document (application/vnd.openxmlformats-officedocument.wordprocessingml.document) but its content is not one (corrupt file)',
    );
    expect(errors[6]).toMatch(/^The PDF could not be read/);
    expect(errors[7]).toBe('The file is empty');
    expect(errors[8]).toBe('The file is 200 MB, over the 20 MB size limit');
    expect(errors[9]).toBeNull();
    expect(result.items.map((i) => i.state)).toEqual([...Array(9).fill('failed'), 'done']);
    expect(result.state).toBe('partial');
    expect(result.counts).toMatchObject({ total: 10, done: 1, failed: 9, queued: 0, fetching: 0, parsing: 0, indexing: 0 });
    expect(await contentsOf(a)).toBe(1);
  });
});

describe('a PDF that inflates past the limit', () => {
  it('is refused with its reason before pdf.js reads it (pdf.js inflated a stream into memory no thread limit holds); a compressed PDF with text next to it is imported', async () => {
    const pdf = (path: string, body: Buffer) => server.on(path, (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(body));
    pdf('/bomb.pdf', onePagePdf(deflatedFill(64 * MB), '/Filter /FlateDecode'));
    pdf('/text.pdf', onePagePdf(zlib.deflateSync(textContent(['Tide tables for the northern harbour are printed weekly.'])), '/Filter /FlateDecode'));
    overrideConfig({ IMPORT_MAX_UNZIPPED_BYTES: String(16 * MB) });
    const result = await runUpload(a, [{ url: server.url('/bomb.pdf') }, { url: server.url('/text.pdf') }]);
    overrideConfig({ IMPORT_MAX_UNZIPPED_BYTES: undefined });
    expect(result.items.map((item) => item.error)).toEqual(["The PDF's compressed streams inflate to more than the 16 MB limit (a decompression bomb)", null]);
    const imported = await db().content.findMany({
      where: { dataset: { projectId: a.project.id }, importUrl: server.url('/text.pdf') },
      include: { passages: true },
    });
    expect(imported.flatMap((c) => c.passages.map((p) => p.text)).join(' ')).toContain('Tide tables for the northern harbour are printed weekly.');
    expect(await db().content.count({ where: { dataset: { projectId: a.project.id }, importUrl: server.url('/bomb.pdf') } })).toBe(0);
  });
});

describe('markup nested thousands deep', () => {
  it('is refused with its depth at once, not parsed for seconds (quadratic in the HTML parser); a normal page next to it is imported', async () => {
    server.on('/deep.html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${'<table><tr><td>'.repeat(50_000)}x</body></html>`),
    );
    server.on('/deep-fragment.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`${'<div>'.repeat(100_000)}x`));
    const started = Date.now();
    const result = await runUpload(a, [{ url: server.url('/deep.html') }, { url: server.url('/deep-fragment.html') }, { url: server.url('/lighthouse.txt') }]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.items.map((item) => item.error)).toEqual([
      'The page nests its elements 50,000 deep, over the limit of 2,000 (documents nest a few dozen deep)',
      'The page nests its elements 100,000 deep, over the limit of 2,000 (documents nest a few dozen deep)',
      null,
    ]);
  });

  it('in a Word document is refused with that reason (mammoth overflowed its stack on tables nested 20,000 deep)', async () => {
    const part = (name: string, xml: string) => {
      const data = Buffer.from(xml);
      return { name, data: zlib.deflateRawSync(data), size: data.length };
    };
    const paragraph = '<w:p><w:r><w:t>deep</w:t></w:r></w:p>';
    const body = `${'<w:tbl><w:tr><w:tc>'.repeat(20_000)}${paragraph}${'</w:tc></w:tr></w:tbl>'.repeat(20_000)}`;
    const docx = zip([
      part(
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      part(
        '_rels/.rels',
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      part(
        'word/document.xml',
        `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    ]);
    server.on('/deep.docx', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }).end(docx),
    );
    const result = await runUpload(a, [{ url: server.url('/deep.docx') }, { url: server.url('/lighthouse.txt') }]);
    expect(result.items.map((item) => item.error)).toEqual([
      'The Word document nests its tables, lists or links too deep to read (documents nest a few levels deep)',
      null,
    ]);
  });
});

describe('request validation', () => {
  const post = (body: unknown, token: string | null = a.apiKey) => call(upload.POST, 'POST', '/searcher/v1/upload', { token, body });

  it.each([
    [{ uploads: [{ url: 'https://example.com/a.pdf', dataset_name: 'Vault' }] }, 'name: name is required and must be a string'],
    [{ name: '  ', uploads: [{ url: 'https://example.com/a.pdf', dataset_name: 'Vault' }] }, 'name: name must not be empty'],
    [{ name: 'x' }, 'uploads: uploads is required and must be an array'],
    [{ name: 'x', uploads: [] }, 'uploads: uploads must not be empty'],
    [{ name: 'x', uploads: [{ dataset_name: 'Vault' }] }, 'uploads.0.url: url is required and must be a string'],
    [{ name: 'x', uploads: [{ url: 'https://example.com/a.pdf' }] }, 'uploads.0.dataset_name: dataset_name is required and must be a string'],
    [
      { name: 'x', uploads: [{ url: 'https://example.com/a.pdf', dataset_name: 'Vault', subject_name: 5 }] },
      'uploads.0.subject_name: subject_name must be a string',
    ],
    [
      { name: 'x', uploads: Array.from({ length: 101 }, () => ({ url: 'https://example.com/a.pdf', dataset_name: 'Vault' })) },
      'uploads: uploads may hold at most 100 files',
    ],
  ])('400 with {detail} for %j', async (body, detail) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('400 for malformed JSON, 401 without an API key, 401 with a project token', async () => {
    const bad = await call(upload.POST, 'POST', '/searcher/v1/upload', { token: a.apiKey, rawBody: '{"name":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Malformed JSON body' });
    const none = await post({ name: 'x', uploads: [{ url: 'https://example.com/a', dataset_name: 'Vault' }] }, null);
    expect(none.status).toBe(401);
    expect(Object.keys(none.body)).toEqual(['detail']);
    const wrongKind = await post({ name: 'x', uploads: [{ url: 'https://example.com/a', dataset_name: 'Vault' }] }, a.projectToken);
    expect(wrongKind.status).toBe(401);
  });

  it('400 for a bad upload id and bad list parameters', async () => {
    expect((await call(uploadOne.GET, 'GET', '/searcher/v1/upload/abc', { token: a.apiKey, params: { upload_id: 'abc' } })).body).toEqual({
      detail: 'upload_id: upload_id must be a positive integer',
    });
    const badLimit = await call(uploads.GET, 'GET', '/searcher/v1/uploads', { token: a.apiKey, query: { limit: '0' } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toEqual({ detail: 'limit: limit must be between 1 and 100' });
    const unknown = await call(uploads.GET, 'GET', '/searcher/v1/uploads', { token: a.apiKey, query: { page: '2' } });
    expect(unknown.body).toEqual({ detail: 'Unknown query parameter: page' });
  });
});

describe('tenancy', () => {
  it("another organisation's key cannot read the upload nor import into this organisation's dataset", async () => {
    const mine = await runUpload(a, [{ url: server.url('/orchard.md') }]);
    expect(mine.items[0].state).toBe('done');
    const peek = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${mine.id}`, { token: b.apiKey, params: { upload_id: String(mine.id) } });
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ detail: `Upload ${mine.id} not found` });
    const listed = await call(uploads.GET, 'GET', '/searcher/v1/uploads', { token: b.apiKey });
    expect(listed.body.map((u: { id: number }) => u.id)).not.toContain(mine.id);

    const before = await db().content.count({ where: { dataset: { projectId: a.project.id } } });
    const theirs = await runUpload(b, [{ url: server.url('/lighthouse.txt'), dataset_name: 'Vault' }]);
    expect(theirs.items[0]).toMatchObject({ state: 'failed', error: 'Dataset "Vault" does not exist in this project', content_id: null });
    expect(await db().content.count({ where: { dataset: { projectId: a.project.id } } })).toBe(before);
  });

  it('lists the caller uploads newest first with counts, paged', async () => {
    const res = await call(uploads.GET, 'GET', '/searcher/v1/uploads', { token: a.apiKey, query: { limit: '2' } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0].id).toBeGreaterThan(res.body[1].id);
    expect(Object.keys(res.body[0]).sort()).toEqual(['counts', 'created_at', 'id', 'name', 'state', 'updated_at']);
    const next = await call(uploads.GET, 'GET', '/searcher/v1/uploads', { token: a.apiKey, query: { limit: '2', offset: '1' } });
    expect(next.body[0].id).toBe(res.body[1].id);
  });
});

describe('parse threads: a document that breaks its thread fails alone', () => {
  const serveHtml = (path: string, body: string) =>
    server.on(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body));
  /** About 6 MB of tiny nested elements: its DOM needs far more than 64 MB of heap. */
  const domBomb = () =>
    `<!doctype html><html><head><title>Bomb</title></head><body><main>${'<div><p><span>a</span><b>b</b></p></div>'.repeat(150_000)}</main></body></html>`;

  afterEach(() => {
    overrideConfig({ IMPORT_PARSE_MEMORY_MB: undefined, IMPORT_PARSE_TIMEOUT_MS: undefined, IMPORT_MAX_BYTES: undefined });
  });

  it('a page over the thread memory limit fails with the reason; the other files of the upload are imported', async () => {
    overrideConfig({ IMPORT_PARSE_MEMORY_MB: '64', IMPORT_MAX_BYTES: String(20 * MB) });
    serveHtml('/dom-bomb.html', domBomb());
    serveHtml(
      '/fine.html',
      '<!doctype html><html><head><title>Fine page</title></head><body><main><h1>Fine</h1><p>A small page that parses well within the limit.</p></main></body></html>',
    );
    const result = await runUpload(a, [{ url: server.url('/fine.html') }, { url: server.url('/dom-bomb.html') }, { url: server.url('/lighthouse.txt') }]);
    expect(result.items.map((i) => i.state)).toEqual(['done', 'failed', 'done']);
    expect(result.items[1].error).toBe('Reading the file needed more than the 64 MB memory limit of a parse thread');
    expect(result.items[1].content_id).toBeNull();
    expect(result.state).toBe('partial');
    const imported = await db().content.findMany({
      where: { dataset: { projectId: a.project.id }, importUrl: { in: [server.url('/fine.html'), server.url('/dom-bomb.html')] } },
    });
    expect(imported.map((c) => c.name)).toEqual(['Fine page']);
  }, 60_000);

  it('a page that takes longer than the parse time limit fails with the reason; the server goes on', async () => {
    overrideConfig({ IMPORT_PARSE_TIMEOUT_MS: '200' });
    serveHtml('/slow-parse.html', domBomb());
    const result = await runUpload(a, [{ url: server.url('/slow-parse.html') }]);
    expect(result.items[0]).toMatchObject({ state: 'failed', error: 'Reading the file took longer than the 0.2 s time limit', content_id: null });
    overrideConfig({ IMPORT_PARSE_TIMEOUT_MS: undefined });
    const after = await runUpload(a, [{ url: server.url('/orchard.md') }]);
    expect(after.items[0].state).toBe('done');
  }, 60_000);
});
