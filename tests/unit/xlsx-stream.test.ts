// The .xlsx writer's back-pressure: exceljs pushes a sheet's XML into the
// zip without waiting for deflate, so the writer itself must see that
// backlog (lib/reports/xlsx.ts) or a fast database fills memory with it.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MAX_PENDING, xlsxStream, type WorkbookSink } from '@/lib/reports/xlsx';

const ROW = ['x'.repeat(2000), 12345, 'a question that is long enough to matter', null];

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('xlsxStream', () => {
  it('sees the XML waiting for deflate, and drained() brings it under the limit', async () => {
    const seen: { burst: number; afterDrain: number[] } = { burst: 0, afterDrain: [] };
    const body = xlsxStream(async (book: WorkbookSink) => {
      const sheet = book.sheet('Threads', ['a', 'b', 'c', 'd']);
      await book.drained();
      // About 20 MB of XML in one go: more than deflate takes between two writes.
      for (let i = 0; i < 10_000; i++) sheet.row(ROW);
      seen.burst = book.pending();
      await book.drained();
      seen.afterDrain.push(book.pending());
      for (let batch = 0; batch < 5; batch++) {
        for (let i = 0; i < 2_000; i++) sheet.row(ROW);
        await book.drained();
        seen.afterDrain.push(book.pending());
      }
    });
    const file = await readAll(body);

    expect(seen.burst).toBeGreaterThan(MAX_PENDING);
    for (const pending of seen.afterDrain) expect(pending).toBeLessThanOrEqual(MAX_PENDING);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Threads')?.rowCount).toBe(1 + 10_000 + 5 * 2_000);
  }, 60_000);
});

describe('xlsxStream cells', () => {
  it('drops every character XML 1.0 forbids, so the file always opens', async () => {
    // U+FFFE in one stored question made every later download unreadable.
    const hostile = 'a\u0000b\u0008c\u000Bd\uFFFEe\uFFFFf\uD800g\uDFFFh\tI\nJ😀';
    const bytes = await readAll(xlsxStream(async (sink) => sink.sheet('S', ['q']).row([hostile])));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.getWorksheet('S')!.getRow(2).getCell(1).value).toBe('abcdefgh\tI\nJ😀');
  });

  it('cuts a cell at 32,767 characters without leaving half an emoji', async () => {
    const long = 'x'.repeat(32_766) + '😀😀';
    const bytes = await readAll(xlsxStream(async (sink) => sink.sheet('S', ['q']).row([long])));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.getWorksheet('S')!.getRow(2).getCell(1).value).toBe('x'.repeat(32_766));
  });
});
