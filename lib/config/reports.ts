// The .xlsx report download (lib/reports/download.ts; docs/reports.md).
import { z } from 'zod';

export const reportsSchema = z.object({
  // Threads read per query while the download streams. 250 rather than 500: the same speed and a
  // 5–15 MB lower peak for a 10,000-thread download (bench/reports/results.md). Empty: the default.
  REPORT_DOWNLOAD_BATCH: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).default(250)),
});

export const reportDownloadBatchOf = (env: z.infer<typeof reportsSchema>): number => env.REPORT_DOWNLOAD_BATCH;
