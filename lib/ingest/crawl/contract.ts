// Request contract of POST /searcher/v1/upload/site: a website crawl.
import { z } from 'zod';
import { name } from '../../http/schemas';

export const MAX_CRAWL_PAGES = 5000;
export const MAX_CRAWL_DEPTH = 10;
const MAX_PATTERNS = 20;
const MAX_PATTERN_CHARS = 200;

const patterns = (field: string) =>
  z
    .array(
      z
        .string({ message: `${field} must hold strings` })
        .trim()
        .min(1, `${field} must not hold empty patterns`)
        .max(MAX_PATTERN_CHARS, `${field} patterns are at most ${MAX_PATTERN_CHARS} characters`),
      { message: `${field} must be an array of patterns` },
    )
    .max(MAX_PATTERNS, `${field} may hold at most ${MAX_PATTERNS} patterns`)
    .default([]);

/** A whole number in [min, max] with a default, each refusal naming the field. */
const boundedInt = (field: string, min: number, max: number, fallback: number) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be an integer`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`)
    .default(fallback);

export const siteBody = z.strictObject({
  url: z
    .string({ message: 'url is required and must be a string' })
    .trim()
    .min(1, 'url must not be empty')
    .max(2000, 'url must be at most 2000 characters')
    .refine((value) => URL.canParse(value), 'url must be an absolute URL')
    .refine((value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol), 'url must be an http or https URL'),
  max_pages: boundedInt('max_pages', 1, MAX_CRAWL_PAGES, 100),
  max_depth: boundedInt('max_depth', 0, MAX_CRAWL_DEPTH, 3),
  scope: z.enum(['host', 'path'], { message: 'scope must be "host" or "path"' }).default('path'),
  include: patterns('include'),
  exclude: patterns('exclude'),
});

export const crawlBody = z.strictObject({
  name: name('name').optional(),
  dataset_name: name('dataset_name'),
  subject_name: name('subject_name').optional(),
  site: siteBody,
});

export type CrawlBody = z.infer<typeof crawlBody>;
