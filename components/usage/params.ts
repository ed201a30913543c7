// Pure helpers of the usage dashboards: date ranges, the query strings of the
// report endpoints and the download's file name. No React here, so the
// unit tests can pin the exact parameters the pages send.

import { formatNumber } from '@/components/ui/format';
import { MIN_DATE } from '@/lib/reports/periods';

export type DateRange = { start: string; end: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as `YYYY-MM-DD` (the person's today, not UTC's). */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function shift(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayOf(new Date(y, m - 1, d + days));
}

function monthOf(day: string, offsetMonths = 0): DateRange {
  const [y, m] = day.split('-').map(Number);
  return { start: dayOf(new Date(y, m - 1 + offsetMonths, 1)), end: dayOf(new Date(y, m + offsetMonths, 0)) };
}

export const RANGE_PRESETS = ['this_month', 'last_month', 'last_7', 'last_30', 'last_90', 'this_year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  last_7: 'Last 7 days',
  last_30: 'Last 30 days',
  last_90: 'Last 90 days',
  this_year: 'This year',
};

/** The range a preset means on `today`, never starting before the reports' minimum. */
export function presetRange(preset: RangePreset, today: string): DateRange {
  let range: DateRange;
  if (preset === 'this_month') range = monthOf(today);
  else if (preset === 'last_month') range = monthOf(today, -1);
  else if (preset === 'this_year') range = { start: `${today.slice(0, 4)}-01-01`, end: today };
  else range = { start: shift(today, -(Number(preset.slice(5)) - 1)), end: today };
  return clampRange(range);
}

export function clampRange(range: DateRange): DateRange {
  const start = range.start < MIN_DATE ? MIN_DATE : range.start;
  const end = range.end < start ? start : range.end;
  return { start, end };
}

/** Why a hand-typed range cannot be sent, or null when it can. */
export function rangeProblem(range: DateRange): string | null {
  const shape = /^\d{4}-\d{2}-\d{2}$/;
  if (!shape.test(range.start) || !shape.test(range.end)) return 'Pick both a start and an end date.';
  if (range.start < MIN_DATE) return `The reports start on ${MIN_DATE}.`;
  if (range.end < range.start) return 'The end date is before the start date.';
  return null;
}

/** URLSearchParams without the empty values (the endpoints refuse `x=`-style noise as a bad value). */
export function queryString(values: Record<string, string | number | boolean | readonly string[] | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
      continue;
    }
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const EVALUATION_VALUES = ['positive', 'negative', 'neutral'] as const;
export const INTERACTION_TYPE_VALUES = ['search', 'stream', 'deepsearch'] as const;
export const ORIGIN_VALUES = ['workspace', 'smartpage', 'api'] as const;
export const ORIGIN_NAMES: Record<string, string> = { workspace: 'Workspace', smartpage: 'Smartpage', api: 'API' };

export type ThreadFilters = {
  start: string;
  end: string;
  question: string;
  evaluation: string[];
  /** '' = any, 'true' = only with feedback, 'false' = only without. */
  feedback: '' | 'true' | 'false';
  datamodel: string[];
  interactionTypes: string[];
  /** Where threads were started (the threads endpoint's `origin`, an extension of the spec). */
  origins: string[];
};

export const EMPTY_THREAD_FILTERS: ThreadFilters = {
  start: '',
  end: '',
  question: '',
  evaluation: [],
  feedback: '',
  datamodel: [],
  interactionTypes: [],
  origins: [],
};

/** The query of GET /api/v1/threads for one page of the table. */
export function threadsQuery(filters: ThreadFilters, page: number, pageSize: number): string {
  return queryString({
    start_date: filters.start,
    end_date: filters.end,
    question: filters.question.trim(),
    evaluation: filters.evaluation,
    feedback: filters.feedback,
    datamodel: filters.datamodel,
    interaction_types: filters.interactionTypes,
    origin: filters.origins,
    limit: pageSize,
    offset: page * pageSize,
  });
}

export type DownloadChoice = { section: 'all' | 'credits' | 'tokens' | 'threads'; language: 'en' | 'pt' };

/** The filters GET /api/v1/report_download takes besides the period (spec: one datamodel, any types). */
export type DownloadFilters = { datamodelName?: string; interactionTypes?: readonly string[] };

export function downloadQuery(range: DateRange, choice: DownloadChoice, filters: DownloadFilters = {}): string {
  return queryString({
    start_date: range.start,
    end_date: range.end,
    section: choice.section,
    language: choice.language,
    datamodel_name: filters.datamodelName,
    interaction_types: filters.interactionTypes,
  });
}

const TYPE_NAMES: Record<string, string> = { search: 'search', stream: 'stream', deepsearch: 'deep search' };

/** What the threads page downloads, and which of the table's filters the file follows or not. */
export type ThreadsDownload = { range: DateRange; filters: DownloadFilters; applied: string[]; notApplied: string[] };

/**
 * The threads table's filters as the download can take them: the period and
 * the interaction types always; the datamodel only when exactly one is chosen
 * (the endpoint filters by one name). Evaluation, written feedback and the
 * question text have no download parameter, so the page says the file
 * leaves them out rather than pretending it follows the table.
 */
export function threadsDownload(filters: ThreadFilters, today: string): ThreadsDownload {
  const range = { start: filters.start || MIN_DATE, end: filters.end || today };
  const applied = [`Period ${range.start} to ${range.end}`];
  const notApplied: string[] = [];
  const download: DownloadFilters = {};
  if (filters.interactionTypes.length > 0) {
    download.interactionTypes = filters.interactionTypes;
    applied.push(`Types: ${filters.interactionTypes.map((t) => TYPE_NAMES[t] ?? t).join(', ')}`);
  }
  if (filters.datamodel.length === 1) {
    download.datamodelName = filters.datamodel[0];
    applied.push(`Datamodel: ${filters.datamodel[0]}`);
  } else if (filters.datamodel.length > 1) {
    notApplied.push('Several datamodels (the file takes one; it holds every datamodel)');
  }
  if (filters.evaluation.length > 0) notApplied.push('Evaluation');
  if (filters.feedback) notApplied.push('Written feedback');
  if (filters.question.trim()) notApplied.push('Question text');
  if (filters.origins.length > 0) notApplied.push('Origin');
  return { range, filters: download, applied, notApplied };
}

/** The file name of a `Content-Disposition: attachment; filename=…` header, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // malformed escape: try the plain form below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

/** Parses `"<used> / <limit>"` of the overview's count fields. */
export function usedOfLimit(value: string): { used: number; limit: number } | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  return match ? { used: Number(match[1]), limit: Number(match[2]) } : null;
}

/**
 * Shares of the credit gauge: used credits inside the plan, used credits of
 * the add-on, and the overflow beyond both, each as a percent of the total
 * available (limit + add-on), capped so the bar never exceeds 100 %.
 */
export function gaugeShares(used: number, limit: number, addon: number): { plan: number; addon: number; overflow: number } {
  const capacity = limit + addon;
  if (capacity <= 0) return { plan: 0, addon: 0, overflow: used > 0 ? 100 : 0 };
  const inPlan = Math.min(used, limit);
  const inAddon = Math.min(Math.max(used - limit, 0), addon);
  const beyond = Math.max(used - capacity, 0);
  const scale = Math.max(used, capacity);
  const pct = (n: number) => Math.round((n / scale) * 1000) / 10;
  return { plan: pct(inPlan), addon: pct(inAddon), overflow: pct(beyond) };
}

/** The threads page's address: filters, page, page size and the open thread (`?evaluation=negative&page=2&thread=…`). */
export type ThreadsView = { filters: ThreadFilters; page: number; pageSize: number; thread?: string };

export const THREAD_PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

const listParam = (value: string | null, allowed?: readonly string[]) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v && (!allowed || allowed.includes(v)));

/** Reads the threads view from the address; anything unknown or malformed falls back to the default. */
export function threadsViewFromParams(params: URLSearchParams): ThreadsView {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  };
  const feedback = params.get('feedback');
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('size') ?? DEFAULT_PAGE_SIZE);
  return {
    filters: {
      start: date('start'),
      end: date('end'),
      question: (params.get('q') ?? '').slice(0, 200),
      evaluation: listParam(params.get('evaluation'), EVALUATION_VALUES),
      feedback: feedback === 'true' || feedback === 'false' ? feedback : '',
      datamodel: listParam(params.get('datamodel')),
      interactionTypes: listParam(params.get('types'), INTERACTION_TYPE_VALUES),
      origins: listParam(params.get('origin'), ORIGIN_VALUES),
    },
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (THREAD_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    thread: /^[0-9a-f-]{36}$/i.test(params.get('thread') ?? '') ? params.get('thread')! : undefined,
  };
}

/** The address of a threads view (pages counted from 1 for people; defaults left out). */
export function threadsViewToParams(view: ThreadsView): string {
  const f = view.filters;
  return queryString({
    q: f.question,
    start: f.start,
    end: f.end,
    evaluation: f.evaluation,
    feedback: f.feedback,
    datamodel: f.datamodel,
    types: f.interactionTypes,
    origin: f.origins,
    page: view.page > 0 ? view.page + 1 : undefined,
    size: view.pageSize !== DEFAULT_PAGE_SIZE ? view.pageSize : undefined,
    thread: view.thread,
  });
}

/** "1 thread", "12 threads" when all are shown, else "21–40 of 95 threads". */
export function pageSummary(from: number, to: number, count: number): string {
  if (count === 1) return '1 thread';
  if (from === 1 && to === count) return `${formatNumber(count)} threads`;
  return `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(count)} threads`;
}
