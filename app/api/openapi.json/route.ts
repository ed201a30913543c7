// GET /api/openapi.json: the OpenAPI 3.1 document of the API, built from the
// route contracts (lib/openapi/document.ts). Public: it holds no secrets,
// only paths, schemas and which credentials each path takes.
import { route } from '@/lib/http/route';
import { openApiDocument } from '@/lib/openapi/document';
import { otherMethods } from '@/lib/http/unsupported';

export const GET = route({ family: 'public' }, async () => Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } }));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
