// POST /searcher/v1/upload/site: crawls a website into a dataset (an
// extension of the spec's import, docs/import.md "Crawl a website"). The
// crawl's pages become items of one upload; its progress, with the pages
// found / fetched / indexed, is read at GET /searcher/v1/upload/{id}.
import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { crawlBody } from '@/lib/ingest/crawl/contract';
import { createCrawl } from '@/lib/ingest/crawl/crawls';
import { otherMethods } from '@/lib/http/unsupported';

export const POST = route({ family: 'knowledge', write: true, body: crawlBody }, async ({ principal, body }) => createCrawl(projectOf(principal), body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
