// One entry point from sniffed bytes to a parsed document.
import type { ImportConfig } from '../config';
import type { ParsedDocument } from '../document';
import type { Sniffed } from '../sniff';
import { parsePdf } from './pdf';
import { parseDocx } from './docx';
import { parseHtml } from './html';
import { parseMarkdown } from './markdown';
import { parseText } from './text';
import { parseCsvTable, parseXlsxTable } from './qa-table';

export async function parseFile(
  bytes: Buffer,
  sniffed: Sniffed,
  config: Pick<ImportConfig, 'maxPdfPages' | 'maxZipEntries' | 'maxUnzippedBytes'>,
): Promise<ParsedDocument> {
  const zipLimits = { maxEntries: config.maxZipEntries, maxUnzippedBytes: config.maxUnzippedBytes };
  switch (sniffed.format) {
    case 'pdf':
      // A PDF's compressed streams count against the same limit as an archive's uncompressed data.
      return parsePdf(bytes, { maxPages: config.maxPdfPages, maxInflatedBytes: config.maxUnzippedBytes });
    case 'docx':
      return parseDocx(bytes, zipLimits);
    case 'xlsx':
      return parseXlsxTable(bytes, zipLimits);
    case 'html':
      return parseHtml(sniffed.text ?? '');
    case 'markdown':
      return parseMarkdown(sniffed.text ?? '');
    case 'csv':
      return parseCsvTable(sniffed.text ?? '');
    case 'text':
      return parseText(sniffed.text ?? '');
  }
}
