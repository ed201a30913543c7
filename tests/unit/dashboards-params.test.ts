// The exact parameters the usage dashboards send and the numbers they draw.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_THREAD_FILTERS,
  attachmentName,
  clampRange,
  downloadQuery,
  gaugeShares,
  presetRange,
  queryString,
  rangeProblem,
  threadsDownload,
  threadsQuery,
  usedOfLimit,
  threadsViewFromParams,
  threadsViewToParams,
} from '@/components/usage/params';
import { pageSummary } from '@/components/usage/params';

describe('presetRange', () => {
  it.each([
    ['this_month', '2026-11-23', { start: '2026-11-01', end: '2026-11-30' }],
    ['last_month', '2026-11-23', { start: '2026-10-01', end: '2026-10-31' }],
    ['last_month', '2026-01-15', { start: '2025-12-01', end: '2025-12-31' }],
    ['this_month', '2028-02-10', { start: '2028-02-01', end: '2028-02-29' }],
    ['last_7', '2026-11-23', { start: '2026-11-17', end: '2026-11-23' }],
    ['last_30', '2026-03-01', { start: '2026-01-31', end: '2026-03-01' }],
    ['this_year', '2026-11-23', { start: '2026-01-01', end: '2026-11-23' }],
  ] as const)('%s on %s', (preset, today, expected) => {
    expect(presetRange(preset, today)).toEqual(expected);
  });

  it('never starts before the reports minimum of 2025-02-01', () => {
    expect(presetRange('this_year', '2025-03-10')).toEqual({ start: '2025-02-01', end: '2025-03-10' });
    expect(clampRange({ start: '2024-01-01', end: '2024-06-01' })).toEqual({ start: '2025-02-01', end: '2025-02-01' });
  });
});

describe('rangeProblem', () => {
  it.each([
    [{ start: '2026-11-01', end: '2026-11-30' }, null],
    [{ start: '', end: '2026-11-30' }, 'Pick both a start and an end date.'],
    [{ start: '2025-01-31', end: '2026-11-30' }, 'The reports start on 2025-02-01.'],
    [{ start: '2026-11-30', end: '2026-11-01' }, 'The end date is before the start date.'],
  ])('%j → %s', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });
});

describe('queryString', () => {
  it('drops empty values and joins lists with commas', () => {
    expect(queryString({ a: '', b: undefined, c: null, d: [], e: ['x', 'y'], f: 0, g: false })).toBe('?e=x%2Cy&f=0&g=false');
    expect(queryString({})).toBe('');
  });
});

describe('threadsQuery', () => {
  it('sends only the filters that are set, with the page as offset', () => {
    expect(threadsQuery(EMPTY_THREAD_FILTERS, 0, 20)).toBe('?limit=20&offset=0');
    const query = threadsQuery(
      {
        start: '2026-11-01',
        end: '2026-11-30',
        question: '  refund ',
        evaluation: ['negative', 'neutral'],
        feedback: 'true',
        datamodel: ['Handbook assistant'],
        interactionTypes: ['stream'],
        origins: ['smartpage', 'api'],
      },
      2,
      25,
    );
    expect(Object.fromEntries(new URLSearchParams(query.slice(1)))).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      question: 'refund',
      evaluation: 'negative,neutral',
      feedback: 'true',
      datamodel: 'Handbook assistant',
      interaction_types: 'stream',
      origin: 'smartpage,api',
      limit: '25',
      offset: '50',
    });
  });
});

describe('downloadQuery', () => {
  it('carries range, section, language and the optional datamodel', () => {
    expect(downloadQuery({ start: '2026-11-01', end: '2026-11-30' }, { section: 'threads', language: 'pt' })).toBe(
      '?start_date=2026-11-01&end_date=2026-11-30&section=threads&language=pt',
    );
    expect(downloadQuery({ start: '2026-11-01', end: '2026-11-30' }, { section: 'all', language: 'en' }, { datamodelName: 'Bot' })).toContain(
      'datamodel_name=Bot',
    );
    expect(
      downloadQuery({ start: '2026-11-01', end: '2026-11-30' }, { section: 'threads', language: 'en' }, { interactionTypes: ['stream', 'deepsearch'] }),
    ).toBe('?start_date=2026-11-01&end_date=2026-11-30&section=threads&language=en&interaction_types=stream%2Cdeepsearch');
  });
});

describe('threadsDownload', () => {
  const base = { ...EMPTY_THREAD_FILTERS };
  it('without filters takes the endpoint defaults: 2025-02-01 to today, nothing left out', () => {
    expect(threadsDownload(base, '2026-11-23')).toEqual({
      range: { start: '2025-02-01', end: '2026-11-23' },
      filters: {},
      applied: ['Period 2025-02-01 to 2026-11-23'],
      notApplied: [],
    });
  });
  it('passes dates, types and a single datamodel; says what the file cannot follow', () => {
    const result = threadsDownload(
      {
        ...base,
        start: '2026-10-01',
        end: '2026-10-31',
        interactionTypes: ['stream', 'deepsearch'],
        datamodel: ['Handbook'],
        evaluation: ['negative'],
        feedback: 'true',
        question: ' refund ',
      },
      '2026-11-23',
    );
    expect(result.range).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(result.filters).toEqual({ interactionTypes: ['stream', 'deepsearch'], datamodelName: 'Handbook' });
    expect(result.applied).toEqual(['Period 2026-10-01 to 2026-10-31', 'Types: stream, deep search', 'Datamodel: Handbook']);
    expect(result.notApplied).toEqual(['Evaluation', 'Written feedback', 'Question text']);
    expect(downloadQuery(result.range, { section: 'threads', language: 'en' }, result.filters)).toBe(
      '?start_date=2026-10-01&end_date=2026-10-31&section=threads&language=en&datamodel_name=Handbook&interaction_types=stream%2Cdeepsearch',
    );
  });
  it('several datamodels cannot go in the file: none is sent and the page says so', () => {
    const result = threadsDownload({ ...base, datamodel: ['A', 'B'] }, '2026-11-23');
    expect(result.filters).toEqual({});
    expect(result.notApplied).toEqual(['Several datamodels (the file takes one; it holds every datamodel)']);
  });
});

describe('attachmentName', () => {
  it.each([
    ['attachment; filename="Demo_report_2026-11-01_2026-11-30.xlsx"', 'Demo_report_2026-11-01_2026-11-30.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    [`attachment; filename="a.xlsx"; filename*=UTF-8''S%C3%A3o_report.xlsx`, 'São_report.xlsx'],
    [null, 'report.xlsx'],
    ['attachment', 'report.xlsx'],
  ])('%s → %s', (header, name) => {
    expect(attachmentName(header, 'report.xlsx')).toBe(name);
  });
});

describe('usedOfLimit', () => {
  it('reads "<used> / <limit>" and refuses anything else', () => {
    expect(usedOfLimit('3 / 10')).toEqual({ used: 3, limit: 10 });
    expect(usedOfLimit('0/0')).toEqual({ used: 0, limit: 0 });
    expect(usedOfLimit('three of ten')).toBeNull();
  });
});

describe('gaugeShares', () => {
  it('splits used credits into plan, add-on and overflow shares', () => {
    expect(gaugeShares(250, 1000, 0)).toEqual({ plan: 25, addon: 0, overflow: 0 });
    expect(gaugeShares(1200, 1000, 500)).toEqual({ plan: 66.7, addon: 13.3, overflow: 0 });
    // Beyond limit + add-on the bar rescales to the amount used.
    expect(gaugeShares(2000, 1000, 500)).toEqual({ plan: 50, addon: 25, overflow: 25 });
    expect(gaugeShares(0, 0, 0)).toEqual({ plan: 0, addon: 0, overflow: 0 });
    expect(gaugeShares(10, 0, 0)).toEqual({ plan: 0, addon: 0, overflow: 100 });
  });
});

describe('threads view in the address', () => {
  it('round-trips filters, page and size', () => {
    const view = {
      filters: {
        start: '2026-11-01',
        end: '2026-11-30',
        question: 'refund policy',
        evaluation: ['negative'],
        feedback: 'false' as const,
        datamodel: ['Bot A', 'Bot B'],
        interactionTypes: ['stream', 'search'],
        origins: ['smartpage'],
      },
      page: 2,
      pageSize: 50,
      thread: '0b0c6a2e-8f0e-4d5c-9a43-2a1f6f0d9e11',
    };
    const query = threadsViewToParams(view);
    expect(query).toBe(
      '?q=refund+policy&start=2026-11-01&end=2026-11-30&evaluation=negative&feedback=false&datamodel=Bot+A%2CBot+B&types=stream%2Csearch&origin=smartpage&page=3&size=50&thread=0b0c6a2e-8f0e-4d5c-9a43-2a1f6f0d9e11',
    );
    expect(threadsViewFromParams(new URLSearchParams(query.slice(1)))).toEqual(view);
  });

  it('leaves defaults out and ignores what it does not know', () => {
    expect(threadsViewToParams({ filters: EMPTY_THREAD_FILTERS, page: 0, pageSize: 20 })).toBe('');
    expect(
      threadsViewFromParams(new URLSearchParams('evaluation=great,negative&feedback=maybe&types=chat&origin=mars&thread=../x&page=-2&size=7&start=yesterday')),
    ).toEqual({
      filters: { ...EMPTY_THREAD_FILTERS, evaluation: ['negative'] },
      page: 0,
      pageSize: 20,
    });
  });
});

describe('the threads pager summary', () => {
  it('reads as a sentence', () => {
    expect(pageSummary(1, 1, 1)).toBe('1 thread');
    expect(pageSummary(1, 12, 12)).toBe('12 threads');
    expect(pageSummary(21, 40, 95)).toBe('21–40 of 95 threads');
  });
});
