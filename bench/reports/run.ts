// Times every report endpoint over real HTTP against a started server
// (p50/p95 of sequential calls), a full 10,000-thread download with the
// server's peak memory, and the floor: the same SQL straight on the database.
//
//   PROVIDER=sqlite BASE_URL=http://127.0.0.1:3313 SERVER_PID=<pid of next-server> npx tsx bench/reports/run.ts
// Reads bench/reports/results/tmp/credentials-<provider>.json written by seed.ts.
import fs from 'node:fs';
import path from 'node:path';
import { floorCases } from './floor';

const PROVIDER = process.env.PROVIDER ?? 'sqlite';
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3313';
const RUNS = Number(process.env.RUNS ?? 30);
const SERVER_PID = process.env.SERVER_PID;
/** Only the HTTP cases whose name holds this text; no download, no floor. */
const ONLY = process.env.ONLY;

type Credentials = { databaseUrl: string; userToken: string; projectToken: string; lastDay: string };
const credentials: Credentials = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'results', 'tmp', `credentials-${PROVIDER}.json`), 'utf8'));

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function get(pathAndQuery: string, token: string): Promise<ArrayBuffer> {
  const res = await fetch(`${BASE_URL}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return body;
}

const month = `start_date=${credentials.lastDay.slice(0, 7)}-01&end_date=${credentials.lastDay}`;
const year = `start_date=2025-11-23&end_date=${credentials.lastDay}`;

const CASES: [string, string, 'user' | 'project'][] = [
  ['overview (month)', `/api/v1/overview?${month}`, 'user'],
  ['credits_resume (month, daily)', `/api/v1/credits_resume?${month}`, 'user'],
  ['credits_resume (12 months, monthly)', `/api/v1/credits_resume?${year}`, 'user'],
  ['credits_resume (month, datamodel_name)', `/api/v1/credits_resume?${month}&datamodel_name=Assistant`, 'user'],
  ['token_resume (month)', `/api/v1/token_resume?${month}`, 'user'],
  ['token_resume (12 months, project token)', `/api/v1/token_resume?${year}`, 'project'],
  ['threads (defaults, limit 20)', '/api/v1/threads?limit=20', 'user'],
  ['threads (project token, limit 20)', '/api/v1/threads?limit=20', 'project'],
  ['threads (offset 100000, limit 20)', '/api/v1/threads?limit=20&offset=100000', 'user'],
  ['threads (evaluation=negative)', '/api/v1/threads?limit=20&evaluation=negative', 'user'],
  ['threads (feedback=true)', '/api/v1/threads?limit=20&feedback=true', 'user'],
  ['threads (month, interaction_types=deepsearch)', `/api/v1/threads?limit=20&${month}&interaction_types=deepsearch`, 'user'],
  ['threads (month, question=refund)', `/api/v1/threads?limit=20&${month}&question=refund`, 'user'],
  ['threads (question=refund, 12 months)', '/api/v1/threads?limit=20&question=refund', 'user'],
  ['threads (question=refund, 12 months, project token)', '/api/v1/threads?limit=20&question=refund', 'project'],
  ['threads (question=refund, 12 months, offset 50000)', '/api/v1/threads?limit=20&offset=50000&question=refund', 'user'],
  ['threads (question=plan: every thread, 12 months)', '/api/v1/threads?limit=20&question=plan', 'user'],
  ['threads (question=(1234.2): one thread, 12 months)', `/api/v1/threads?limit=20&question=${encodeURIComponent('(1234.2)')}`, 'user'],
  ['threads (question=refund + interaction_types=search, month)', `/api/v1/threads?limit=20&${month}&question=refund&interaction_types=search`, 'user'],
  ['threads (question=refund + interaction_types=search, 12 months)', '/api/v1/threads?limit=20&question=refund&interaction_types=search', 'user'],
];

function status(pid: string, field: string): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}

async function download() {
  const runs: { seconds: number; mb: number; peakMb: number; baseMb: number }[] = [];
  for (let i = 0; i < 3; i++) {
    // Resets the peak-RSS counter (VmHWM) of the server process.
    if (SERVER_PID) fs.writeFileSync(`/proc/${SERVER_PID}/clear_refs`, '5');
    const baseMb = SERVER_PID ? status(SERVER_PID, 'VmRSS') : NaN;
    const t0 = performance.now();
    const body = await get('/api/v1/report_download?limit=10000', credentials.userToken);
    runs.push({ seconds: (performance.now() - t0) / 1000, mb: body.byteLength / 1e6, peakMb: SERVER_PID ? status(SERVER_PID, 'VmHWM') : NaN, baseMb });
  }
  return runs;
}

async function main() {
  const lines = [`### ${PROVIDER} — HTTP, ${RUNS} sequential calls after 3 warm-ups`, '', '| endpoint | p50 ms | p95 ms |', '|---|---:|---:|'];
  for (const [name, url, who] of CASES.filter(([name]) => !ONLY || name.includes(ONLY))) {
    const { p50, p95 } = await timeIt(RUNS, () => get(url, who === 'user' ? credentials.userToken : credentials.projectToken));
    lines.push(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    console.log(lines.at(-1));
  }
  if (ONLY) return console.log(lines.join('\n'));
  lines.push(
    '',
    '| download (section=all, limit=10000, 2025-02-01 → today) | seconds | file MB | server RSS before MB | server peak RSS MB |',
    '|---|---:|---:|---:|---:|',
  );
  for (const [i, r] of (await download()).entries())
    lines.push(`| run ${i + 1} | ${r.seconds.toFixed(2)} | ${r.mb.toFixed(1)} | ${r.baseMb.toFixed(0)} | ${r.peakMb.toFixed(0)} |`);
  lines.push('', `### ${PROVIDER} — floor: the same SQL straight on the database (${RUNS} runs)`, '', '| query | p50 ms | p95 ms |', '|---|---:|---:|');
  for (const { name, run, close } of await floorCases(credentials.databaseUrl, credentials.lastDay)) {
    const { p50, p95 } = await timeIt(RUNS, run);
    lines.push(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
    await close?.();
  }
  const text = lines.join('\n');
  console.log(text);
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'tmp', `run-${PROVIDER}.md`), `${text}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
