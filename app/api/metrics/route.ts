// Prometheus metrics of this instance (text format). Readable from this
// machine, or with `Authorization: Bearer <METRICS_TOKEN>` when that is set.
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/unsupported';
import { assertMayReadMetrics, metricsText } from '@/lib/observability/scrape';

export const GET = route({ family: 'public' }, async ({ request }) => {
  assertMayReadMetrics(request);
  const { text, contentType } = await metricsText();
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
