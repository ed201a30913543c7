// GET /api/openapi.json: the OpenAPI 3.1 document of the API, built from the
// route contracts (lib/openapi/document.ts). Public: it holds no secrets,
// only paths, schemas and which credentials each path takes.
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/unsupported';

// The document is built from every route module, this one included (the
// registry imports them all): it is loaded when asked for, not when this
// module is, so the two never import each other while loading.
export const GET = route({ family: 'public' }, async () => {
  const { openApiDocument } = await import('@/lib/openapi/document');
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
