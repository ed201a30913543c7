// Streams an .xlsx workbook with exceljs' WorkbookWriter: rows are
// committed as they are written, so memory stays flat however many rows.
// Values are written as plain numbers and strings only: exceljs stores a
// string that starts with = + - @ tab or CR as text, never as a formula
// (this module never writes `{ formula }` cells).
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { truncateUtf16, withoutXmlForbidden } from '../text/xml-chars';

const MAX_CELL_CHARS = 32_767;

export type CellValue = string | number | null;

export interface SheetWriter {
  row(values: CellValue[]): void;
}

export interface WorkbookSink {
  sheet(name: string, headers: string[]): SheetWriter;
  /** Resolves once at most MAX_PENDING bytes wait to be compressed or read (back-pressure). */
  drained(): Promise<void>;
  /** Bytes written and waiting: uncompressed XML of the open sheet plus compressed output not yet read. */
  pending(): number;
}

/**
 * Bytes written but not yet compressed or read by the client before the
 * writer waits (1, 4 and 8 MB: the same speed and peak within noise).
 */
export const MAX_PENDING = 4 << 20;

/**
 * Returns the bytes of a workbook as a web stream. `fill` adds sheets and
 * rows; an error inside it aborts the stream (the client sees a failed
 * download, never a truncated file that looks complete).
 */
export function xlsxStream(fill: (sink: WorkbookSink) => Promise<void>): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  // Held in an object: a sheet is committed when the next one starts.
  const open: { sheet: ExcelJS.Worksheet | null } = { sheet: null };
  const sink: WorkbookSink = {
    sheet(name, headers) {
      open.sheet?.commit();
      const sheet = workbook.addWorksheet(name);
      open.sheet = sheet;
      sheet.addRow(headers).commit();
      return { row: (values) => sheet.addRow(values.map(cellValue)).commit() };
    },
    async drained() {
      // exceljs writes without waiting; let the deflate stream catch up and
      // the client read, so memory holds a window of rows, not the file.
      await new Promise((resolve) => setImmediate(resolve));
      while (!output.destroyed && sink.pending() > MAX_PENDING) {
        // A slow client: wait for it to read. Otherwise deflate is behind
        // (no event tells when it has taken its input): look again shortly.
        if (output.readableLength > MAX_PENDING) await new Promise((resolve) => output.once('data', resolve).once('close', resolve));
        else await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    pending: () => sheetBacklog(open.sheet) + output.readableLength,
  };
  void (async () => {
    try {
      await fill(sink);
      open.sheet?.commit();
      await workbook.commit();
    } catch (error) {
      console.error('xlsx report failed', error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/**
 * Bytes of a sheet's XML written but not yet compressed. exceljs' sheet
 * stream (a StreamBuf) pushes into the zip's entry stream without heeding
 * its back-pressure, so on a fast database up to 50 MB of XML waited there
 * for deflate (measured: 10,000 threads on SQLite). Read from exceljs 4's
 * internals, pinned by package-lock; 0 if they ever change shape (the wait
 * then falls back to the output alone).
 */
function sheetBacklog(sheet: ExcelJS.Worksheet | null): number {
  const stream = (
    sheet as unknown as {
      _stream?: { buffers?: unknown[]; bufSize?: number; pipes?: { writableLength?: number; _writableState?: { length?: number } }[] };
    } | null
  )?._stream;
  if (!stream) return 0;
  const unpiped = (stream.buffers?.length ?? 0) * (stream.bufSize ?? 0);
  const inZip = (stream.pipes ?? []).reduce((sum, pipe) => sum + (pipe.writableLength ?? pipe._writableState?.length ?? 0), 0);
  return unpiped + inZip;
}

function cellValue(value: CellValue): string | number | null {
  // Characters XML cannot carry would corrupt the file; Excel refuses cells over 32,767 characters.
  if (typeof value === 'string') return truncateUtf16(withoutXmlForbidden(value), MAX_CELL_CHARS);
  return value;
}
