// /api-reference: the OpenAPI document rendered for people. Public like the
// document itself (GET /api/openapi.json): it holds no secrets.
import { ApiReference } from '@/components/api-reference/api-reference';
import type { OpenApiDocument } from '@/components/api-reference/types';
import { openApiDocument } from '@/lib/openapi/document';

export const metadata = { title: 'API reference · Knowledge Search' };

export default function ApiReferencePage() {
  return <ApiReference document={openApiDocument() as unknown as OpenApiDocument} />;
}
