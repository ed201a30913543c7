// The CPU part of importing one file, as pure computation on its bytes:
// sniff the format, parse it, split it into passages and count their tokens.
// It runs inside a parse thread (parse-worker.ts), so it takes and returns
// plain data that can cross a thread boundary.
import { sniffFormat } from './sniff';
import { parseFile } from './formats';
import { chunkDocument, type Chunk } from './chunk';
import { importTokenCounter } from './token-counter';
import type { ImportConfig } from './config';
import type { Format, ParsedDocument } from './document';

export type ParseLimits = Pick<ImportConfig, 'maxPdfPages' | 'maxZipEntries' | 'maxUnzippedBytes' | 'passageTokens' | 'overlapTokens'>;
/** `text`: Markdown typed in the editors (parsed as such, `bytes` unread); otherwise the fetched file's bytes. */
export type ParseInput = { bytes: Uint8Array; contentType: string; url: string; limits: ParseLimits; text?: string };
export type ParseOutput = { format: Format; title: string | null; chunks: Chunk[] };
/** A failure as it crosses back from a parse thread. */
export type EncodedError = { message: string; importError: boolean; transient: boolean; stack?: string };

export async function parseAndChunk(input: ParseInput): Promise<ParseOutput> {
  if (input.text !== undefined) return parseMarkdownAndChunk(input.text, input.limits);
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const { limits } = input;
  const sniffed = sniffFormat(bytes, input.contentType, new URL(input.url));
  return chunked(await parseFile(bytes, sniffed, limits), limits);
}

/**
 * Markdown typed in the editors or sent to the API as a content's `text`
 * (lib/knowledge/content-text.ts): read by the parser an uploaded `.md` file
 * goes through and split the same way. Nothing is sniffed: the text is
 * declared Markdown, so a paragraph that opens with `<html>` or `%PDF-` stays text.
 */
export async function parseMarkdownAndChunk(text: string, limits: ParseLimits): Promise<ParseOutput> {
  return chunked(await parseFile(Buffer.alloc(0), { format: 'markdown', text }, limits), limits);
}

async function chunked(doc: ParsedDocument, limits: ParseLimits): Promise<ParseOutput> {
  const count = await importTokenCounter();
  const chunks = chunkDocument(doc, { maxTokens: limits.passageTokens, overlapTokens: limits.overlapTokens }, count);
  return { format: doc.format, title: doc.title, chunks };
}

export const parseLimitsOf = (config: ImportConfig): ParseLimits => ({
  maxPdfPages: config.maxPdfPages,
  maxZipEntries: config.maxZipEntries,
  maxUnzippedBytes: config.maxUnzippedBytes,
  passageTokens: config.passageTokens,
  overlapTokens: config.overlapTokens,
});
