// Streams an .xlsx workbook with exceljs' WorkbookWriter: rows are
// committed as they are written, so memory stays flat however many rows.
// Values are written as plain numbers and strings only: exceljs stores a
// string that starts with = + - @ tab or CR as text, never as a formula
// (this module never writes `{ formula }` cells).
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

const MAX_CELL_CHARS = 32_767;

export type CellValue = string | number | null;

export interface SheetWriter {
  row(values: CellValue[]): void;
}

export interface WorkbookSink {
  sheet(name: string, headers: string[]): SheetWriter;
  /** Resolves once the bytes written so far have left for the client (back-pressure). */
  drained(): Promise<void>;
}

/** Bytes the zip may hold unread before the writer waits for the client. */
const MAX_PENDING = 1 << 20;

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
      while (output.readableLength > MAX_PENDING && !output.destroyed) await new Promise((resolve) => output.once('data', resolve).once('close', resolve));
    },
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

function cellValue(value: CellValue): string | number | null {
  // Characters XML cannot carry would corrupt the file; Excel refuses cells over 32,767 characters.
  if (typeof value === 'string') return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').slice(0, MAX_CELL_CHARS);
  return value;
}
