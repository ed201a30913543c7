// The pure parts of uploads from the computer: cleaning untrusted file
// names, the first sniff of a file's bytes, and the browser side's batching,
// per-file progress and plain-language failure messages.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, MAX_FILE_NAME, parseUrlOf, uploadKeyOf } from '@/lib/ingest/file-names';
import { refusalOfHead, sniffFormat } from '@/lib/ingest/sniff';
import { batchesOf, formatBytes, perFileProgress, refusalOf, uploadFailureMessage } from '@/components/knowledge/file-upload';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ana\\notes.md', 'notes.md'],
    ['a\u0000b\u0007c.txt', 'abc.txt'],
    ['\u202egnp.exe', 'gnp.exe'],
    ['  spaced   out \t name.md ', 'spaced out name.md'],
    ['..', 'unnamed file'],
    ['.hidden', 'hidden'],
    ['', 'unnamed file'],
    [undefined, 'unnamed file'],
    ['Relatório – 2026.md', 'Relatório – 2026.md'],
    ['e\u0301cole.md', 'école.md'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('shortens a very long name to 255 characters and keeps its extension', () => {
    const clean = cleanFileName(`${'x'.repeat(5000)}.docx`);
    expect(clean).toHaveLength(MAX_FILE_NAME);
    expect(clean.endsWith('….docx')).toBe(true);
    // Never half a surrogate pair at the cut.
    const emoji = cleanFileName(`${'😀'.repeat(300)}.md`);
    expect(emoji.length).toBeLessThanOrEqual(MAX_FILE_NAME);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('content keys, parse URLs and download names encode the name, never use it raw', () => {
    expect(uploadKeyOf('a b/c.md')).toBe('upload:a%20b%2Fc.md');
    expect(parseUrlOf('notes 1.md').pathname).toBe('/notes%201.md');
    expect(attachmentDisposition('Relatório "final".pdf')).toBe(
      `attachment; filename="Relat_rio _final_.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22.pdf`,
    );
  });
});

describe('refusalOfHead', () => {
  it('lets documents and UTF-8 text through for the full sniff', () => {
    expect(refusalOfHead(Buffer.from('%PDF-1.7\n'), 9)).toBeNull();
    expect(refusalOfHead(Buffer.from('504b030414000000', 'hex'), 8)).toBeNull();
    expect(refusalOfHead(Buffer.from('# Título\n\ntexto'), 16)).toBeNull();
    expect(refusalOfHead(Buffer.from('<!doctype html><title>x</title>'), 31)).toBeNull();
  });

  it('a multi-byte character cut at the end of the head is not a reason to refuse', () => {
    const text = Buffer.from('ação');
    const head = text.subarray(0, 3); // "a" and half of "ç"
    expect(refusalOfHead(head, text.length)).toBeNull();
  });

  it('refuses empty files and binaries that are neither PDF nor ZIP', () => {
    expect(refusalOfHead(Buffer.alloc(0), 0)).toBe('The file is empty');
    expect(refusalOfHead(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 6)).toMatch(/not a supported type \(it is binary, not text\)/);
    // Bytes with no NUL that are no text: control characters all through.
    const noise = Buffer.from(Array.from({ length: 600 }, (_, i) => ((i * 37) % 255) + 1));
    expect(refusalOfHead(noise, noise.length)).toMatch(/not a supported type \(it is binary, not text\)/);
  });

  it('lets text in other encodings through: UTF-16 with its mark, and 8-bit text such as Windows-1252', () => {
    expect(refusalOfHead(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]), 6)).toBeNull();
    const latin = Buffer.from('Café;Crème brûlée\n', 'latin1');
    expect(refusalOfHead(latin, latin.length)).toBeNull();
  });
});

describe('sniffFormat: the format of a text file', () => {
  const formatOf = (name: string, contentType = '') => sniffFormat(Buffer.from('# Pumps\n\nText.'), contentType, new URL(`http://example.com/${name}`)).format;

  it('reads MDX as Markdown, by its name or its type; reStructuredText and other text as text', () => {
    expect(formatOf('pumps.mdx')).toBe('markdown');
    expect(formatOf('pumps', 'text/mdx; charset=utf-8')).toBe('markdown');
    expect(formatOf('pumps.rst', 'text/x-rst')).toBe('text');
    expect(formatOf('pumps.rst.txt', 'text/plain')).toBe('text');
  });
});

describe('sniffFormat: the text of a file in its encoding', () => {
  const at = new URL('http://example.com/file.txt');
  const textOf = (bytes: Buffer, contentType = '', url = at) => sniffFormat(bytes, contentType, url).text;

  it('reads UTF-16 by its byte-order mark, little- and big-endian, without the mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('question;answer\nÅre?;Ja\n', 'utf16le')]);
    expect(textOf(le)).toBe('question;answer\nÅre?;Ja\n');
    const be = Buffer.from(le).swap16();
    expect(textOf(be)).toBe('question;answer\nÅre?;Ja\n');
  });

  it('reads 8-bit text that is not UTF-8 as Windows-1252 (Excel on Windows saves CSV so)', () => {
    // é, €, – and ï as Windows-1252 writes them, one byte each.
    const bytes = Buffer.from('Caf\xe9 costs 3 \x80 \x96 na\xefve', 'latin1');
    expect(textOf(bytes, '', new URL('http://example.com/menu.csv'))).toBe('Café costs 3 € \u2013 naïve');
  });

  it("honours an HTML page's <meta charset> for bytes that are not UTF-8, and reads valid UTF-8 as UTF-8 whatever it declares", () => {
    const cyrillic = Buffer.concat([
      Buffer.from('<!doctype html><meta charset="windows-1251"><p>'),
      Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]),
      Buffer.from('</p>'),
    ]);
    expect(textOf(cyrillic)).toContain('<p>Привет</p>');
    const mislabelled = Buffer.from('<!doctype html><meta charset="iso-8859-1"><p>Crème</p>');
    expect(textOf(mislabelled)).toContain('<p>Crème</p>');
    // A page that says UTF-16 in its <meta> and is 8-bit text: read as Windows-1252, not as pairs of bytes.
    const sixteen = Buffer.from('<!doctype html><meta charset="utf-16"><p>Cr\xe8me</p>', 'latin1');
    expect(textOf(sixteen)).toContain('<p>Crème</p>');
  });

  it('still refuses binary, and a declared charset that the bytes break falls back to what they are', () => {
    expect(() => sniffFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), 'image/png', at)).toThrow(/Unsupported file type/);
    expect(textOf(Buffer.from('plain ascii'), 'text/plain; charset=nonsense-charset')).toBe('plain ascii');
  });
});

describe('browser side', () => {
  const limits = { maxFileBytes: 1000, maxFiles: 2, maxRequestBytes: 5000 };

  it('refuses empty and oversized files before sending, in plain words', () => {
    expect(refusalOf({ name: 'a', size: 0 }, limits)).toBe('This file is empty.');
    expect(refusalOf({ name: 'a', size: 2048 }, limits)).toBe('This file is 2 KB; a file may be at most 1000 bytes.');
    expect(refusalOf({ name: 'a', size: 10 }, limits)).toBeNull();
  });

  it('splits files into requests within the file count and the request size', () => {
    const files = [300, 300, 300, 900, 900, 900].map((size, i) => ({ name: `f${i}`, size }));
    const big = { maxFileBytes: 1000, maxFiles: 3, maxRequestBytes: 6000 };
    expect(batchesOf(files, big).map((b) => b.map((f) => f.name))).toEqual([['f0', 'f1', 'f2'], ['f3', 'f4'], ['f5']]);
    expect(batchesOf(files, limits).every((b) => b.length <= 2)).toBe(true);
    expect(batchesOf([], limits)).toEqual([]);
  });

  it('derives each file’s progress from the bytes of the request sent so far', () => {
    const files = [
      { name: 'a', size: 100 },
      { name: 'b', size: 300 },
    ];
    // 100 bytes of overhead: 50 counted with each file.
    expect(perFileProgress(files, 0, 500)).toEqual([0, 0]);
    expect(perFileProgress(files, 75, 500)).toEqual([0.5, 0]);
    expect(perFileProgress(files, 150, 500)).toEqual([1, 0]);
    expect(perFileProgress(files, 325, 500)).toEqual([1, 0.5]);
    expect(perFileProgress(files, 500, 500)).toEqual([1, 1]);
  });

  it('explains failed requests in plain language', () => {
    expect(uploadFailureMessage(0, null)).toBe('The upload was interrupted before it finished: check your connection and try again.');
    expect(uploadFailureMessage(413, 'The file "a.pdf" is over the 20 MB limit of one file')).toBe(
      'Too much at once: the file "a.pdf" is over the 20 MB limit of one file.',
    );
    expect(uploadFailureMessage(403, 'The VIEWER role cannot change data')).toMatch(/^Your role cannot add files/);
    expect(uploadFailureMessage(404, 'Dataset "X" not found in this project')).toBe('Dataset "X" not found in this project');
    expect(uploadFailureMessage(500, 'Internal server error (request id 1)')).toBe('The server could not store the files: try again in a moment.');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
