// GET /api/v1/report_download: the credits, tokens and threads of a period
// as an .xlsx file, streamed. Threads are read a batch at a time so memory
// does not grow with the number of rows.
import { appConfig } from '../config';
import type { DownloadQuery } from './contract';
import { DOWNLOAD_DEFAULT_LIMIT } from './contract';
import { MIN_DATE, resolveRange, today, type DayRange } from './periods';
import type { ReportScope } from './scope';
import { creditsSeries } from './credits';
import { tokensSeries } from './tokens';
import type { ThreadFilter } from './threads/filter';
import { threadSheetRows } from './threads/sheet-rows';
import { datamodelFilter, readUsage } from './usage';
import { CREDIT_COLUMNS, SHEET_NAMES, THREAD_COLUMNS, TOKEN_COLUMNS, headersFor, type Language } from './headers-i18n';
import { xlsxStream } from './xlsx';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Threads read per query: REPORT_DOWNLOAD_BATCH, 250 by default (lib/config/reports.ts; tests set it small). */
export const threadBatchSize = (): number => appConfig().reportDownloadBatch;

export type ReportDownload = { filename: string; body: ReadableStream<Uint8Array> };

/** Validates everything up front (errors become a 400/404 JSON answer), then streams. */
export async function reportDownload(
  scope: ReportScope,
  organizationName: string,
  query: DownloadQuery,
  now = new Date(),
  batchSize = threadBatchSize(),
): Promise<ReportDownload> {
  const resolved = resolveRange(query, { start: MIN_DATE, end: today(now) });
  const range: DayRange = { start: resolved.start, end: resolved.end ?? today(now) };
  const section = query.section ?? 'all';
  const language: Language = query.language ?? 'en';
  const limit = query.limit ?? DOWNLOAD_DEFAULT_LIMIT;
  const datamodelIds = await datamodelFilter(scope, query.datamodel_id, query.datamodel_name);
  const usageFilter = { datamodelIds, interactionTypes: query.interaction_types };
  const threadFilter: ThreadFilter = { ...range, datamodelIds: datamodelIds ?? undefined, interactionTypes: query.interaction_types };

  const body = xlsxStream(async (book) => {
    if (section === 'all' || section === 'credits' || section === 'tokens') {
      const rows = await readUsage(scope, range, usageFilter, ['day', 'origin']);
      if (section !== 'tokens') {
        const sheet = book.sheet(SHEET_NAMES.credits, headersFor(language, CREDIT_COLUMNS));
        for (const p of creditsSeries(rows, range))
          sheet.row([p.date, p.workspace_credits, p.smartpage_credits, p.api_credits, p.workspace_credits + p.smartpage_credits + p.api_credits]);
      }
      if (section !== 'credits') {
        const sheet = book.sheet(SHEET_NAMES.tokens, headersFor(language, TOKEN_COLUMNS));
        for (const p of tokensSeries(rows, range)) sheet.row([p.date, p.processed_tokens, p.api_requests]);
      }
    }
    if (section === 'all' || section === 'threads') {
      const sheet = book.sheet(SHEET_NAMES.threads, headersFor(language, THREAD_COLUMNS));
      // A batch of threads at a time (keyset paging), each row committed as
      // written; the next batch is read once the client has taken the bytes.
      for await (const rows of threadSheetRows(scope, threadFilter, limit, batchSize)) {
        for (const row of rows) sheet.row(row);
        await book.drained();
      }
    }
  });
  return { filename: `${safeFileName(organizationName)}_report_${range.start}_${range.end}.xlsx`, body };
}

/** An organisation name fit for a Content-Disposition header: ASCII letters, digits, `.`, `_`, `-`. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 100);
  return cleaned || 'organisation';
}
