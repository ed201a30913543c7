// The decompression check that runs before pdf.js reads a PDF (lib/ingest/formats/pdf-streams.ts).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { assertPdfInflatesWithin } from '@/lib/ingest/formats/pdf-streams';
import { parsePdf } from '@/lib/ingest/formats/pdf';
import { deflatedFill, onePagePdf, textContent } from '../helpers/pdf-file';

const MB = 1024 * 1024;
const REFUSAL = "The PDF's compressed streams inflate to more than the 1 MB limit (a decompression bomb)";

describe('assertPdfInflatesWithin', () => {
  it('lets a PDF through whose streams inflate within the limit', async () => {
    const page = zlib.deflateSync(textContent(['The lighthouse keeper logs the weather at dawn.']));
    await expect(assertPdfInflatesWithin(onePagePdf(page, '/Filter /FlateDecode'), MB)).resolves.toBeUndefined();
    await expect(assertPdfInflatesWithin(onePagePdf(deflatedFill(MB - 1000), '/Filter /FlateDecode'), MB)).resolves.toBeUndefined();
  });

  it('refuses page content that inflates past the limit', async () => {
    await expect(assertPdfInflatesWithin(onePagePdf(deflatedFill(8 * MB), '/Filter /FlateDecode'), MB)).rejects.toThrow(REFUSAL);
  });

  it('adds up the streams: several within the limit alone, over it together', async () => {
    const stream = Buffer.concat([Buffer.from('<< /Filter /FlateDecode >>\nstream\n'), deflatedFill(MB / 2), Buffer.from('\nendstream\n')]);
    const pdf = Buffer.concat([onePagePdf(Buffer.from('BT ET')), stream, stream, stream]);
    await expect(assertPdfInflatesWithin(pdf, MB)).rejects.toThrow(REFUSAL);
    await expect(assertPdfInflatesWithin(Buffer.concat([onePagePdf(Buffer.from('BT ET')), stream]), MB)).resolves.toBeUndefined();
  });

  it('does not believe the dictionary: no /Filter, an /Image subtype, a short /Length, a fake endstream inside the data', async () => {
    await expect(assertPdfInflatesWithin(onePagePdf(deflatedFill(8 * MB)), MB)).rejects.toThrow(REFUSAL);
    await expect(assertPdfInflatesWithin(onePagePdf(deflatedFill(8 * MB), '/Subtype /Image /Filter /FlateDecode'), MB)).rejects.toThrow(REFUSAL);
    const bomb = deflatedFill(8 * MB);
    const lying = Buffer.concat([Buffer.from('1 0 obj\n<< /Length 10 /Filter /FlateDecode >>\nstream\n'), bomb, Buffer.from('\nendstream\nendobj\n')]);
    await expect(assertPdfInflatesWithin(lying, MB)).rejects.toThrow(REFUSAL);
    // zlib's data holds the word `endstream` only by chance; here the bomb follows a stored block that spells it.
    const spelled = zlib.deflateSync(Buffer.concat([Buffer.from('endstream endobj '), Buffer.alloc(8 * MB, 0x20)]), { level: 0 });
    expect(spelled.includes('endstream')).toBe(true);
    await expect(assertPdfInflatesWithin(onePagePdf(spelled), MB)).rejects.toThrow(REFUSAL);
  });

  it('inflates a filter chain layer by layer: a bomb compressed twice is refused', async () => {
    const twice = zlib.deflateSync(deflatedFill(64 * MB));
    expect(twice.length).toBeLessThan(MB / 4);
    await expect(assertPdfInflatesWithin(onePagePdf(twice, '/Filter [/FlateDecode /FlateDecode]'), MB)).rejects.toThrow(REFUSAL);
  });

  it('takes uncompressed and damaged streams as they are', async () => {
    await expect(assertPdfInflatesWithin(onePagePdf(textContent(['plain text'])), MB)).resolves.toBeUndefined();
    const damagedEarly = Buffer.from(deflatedFill(8 * MB));
    damagedEarly.fill(0xff, 10, 40);
    await expect(assertPdfInflatesWithin(onePagePdf(damagedEarly, '/Filter /FlateDecode'), MB)).resolves.toBeUndefined();
  });

  it('counts what damaged data inflates to before the damage', async () => {
    const damagedLate = Buffer.from(deflatedFill(64 * MB));
    damagedLate.fill(0xff, damagedLate.length - 200, damagedLate.length - 100);
    await expect(assertPdfInflatesWithin(onePagePdf(damagedLate, '/Filter /FlateDecode'), MB)).rejects.toThrow(REFUSAL);
  });
});

describe('parsePdf', () => {
  it('refuses the bomb before pdf.js reads it, and still reads compressed text', async () => {
    const limits = { maxPages: 10, maxInflatedBytes: MB };
    await expect(parsePdf(onePagePdf(deflatedFill(8 * MB), '/Filter /FlateDecode'), limits)).rejects.toThrow(REFUSAL);
    const page = zlib.deflateSync(textContent(['The lighthouse keeper logs the weather at dawn.']));
    const parsed = await parsePdf(onePagePdf(page, '/Filter /FlateDecode'), limits);
    expect(JSON.stringify(parsed.sections)).toContain('The lighthouse keeper logs the weather at dawn.');
  });

  it('says a page tree that points back at itself is the file’s damage, not an unexpected error', async () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ];
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, i) => {
      offsets.push(body.length);
      body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    await expect(parsePdf(Buffer.from(body, 'latin1'), { maxPages: 10, maxInflatedBytes: MB })).rejects.toThrow(
      /^The PDF could not be read \(damaged\): .*circular reference/,
    );
  });
});
