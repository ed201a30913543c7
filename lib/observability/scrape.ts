// GET /api/metrics: who may read it, and the text. Queue gauges are read from
// the database at scrape time, so every instance reports the shared queue.
import crypto from 'node:crypto';
import client from 'prom-client';
import { appConfig } from '../config';
import { db } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { isLoopback, peerAddress } from '../http/client-address';
import { metrics } from './metrics';

/** Counting stops here: a scrape stays cheap however long the queue. */
export const QUEUE_COUNT_CAP = 100_000;
const QUEUE_STATES = ['queued', 'fetching', 'parsing', 'indexing', 'failed'] as const;

const holder = globalThis as unknown as { __ksQueueGauge?: boolean };

function registerQueueGauge(): void {
  if (holder.__ksQueueGauge) return;
  holder.__ksQueueGauge = true;
  new client.Gauge({
    name: 'import_queue_items',
    help: `Import items by state, read from the database at scrape time (counts stop at ${QUEUE_COUNT_CAP}); queued + fetching + parsing + indexing is the queue depth, failed the items that failed`,
    labelNames: ['state'],
    registers: [metrics().registry],
    async collect() {
      const counts = await Promise.all(QUEUE_STATES.map((state) => db().uploadItem.count({ where: { state }, take: QUEUE_COUNT_CAP })));
      QUEUE_STATES.forEach((state, i) => this.set({ state }, counts[i]));
    },
  });
}

/**
 * With METRICS_TOKEN set, the request needs `Authorization: Bearer <METRICS_TOKEN>`;
 * without it, only a client on this machine (socket address on loopback) may read.
 */
export function assertMayReadMetrics(request: Request, token = appConfig().operations.metricsToken): void {
  if (token) {
    const sent = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
    const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
    if (!crypto.timingSafeEqual(digest(sent), digest(token))) throw unauthorized('The metrics need Authorization: Bearer <METRICS_TOKEN>');
    return;
  }
  if (!isLoopback(peerAddress(request))) throw forbidden('The metrics are open to this machine only; set METRICS_TOKEN to read them from elsewhere');
}

export async function metricsText(): Promise<{ text: string; contentType: string }> {
  registerQueueGauge();
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
