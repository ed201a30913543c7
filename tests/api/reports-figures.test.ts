// Every figure of overview, credits_resume and token_resume against
// expectations computed by hand from the fixed data set in reports-fixture.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { GET as overview } from '@/app/api/v1/overview/route';
import { GET as credits } from '@/app/api/v1/credits_resume/route';
import { GET as tokens } from '@/app/api/v1/token_resume/route';
import { call } from '../helpers/http';
import { reportTenant, type ReportTenant } from './reports-fixture';

let t: ReportTenant;
const MARCH = { start_date: '2025-03-01', end_date: '2025-03-31' };
const JUNE = { start_date: '2025-06-01', end_date: '2025-06-30' };

beforeAll(async () => {
  t = await reportTenant('figures');
});

/** Every day of a period with its values, every other day zero. */
function daily(period: typeof MARCH, values: Record<string, object>, zero: object) {
  const first = Date.parse(`${period.start_date}T00:00:00Z`);
  const days = (Date.parse(`${period.end_date}T00:00:00Z`) - first) / 86_400_000 + 1;
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    return { date, ...zero, ...(values[date] ?? {}) };
  });
}
const C0 = { workspace_credits: 0, smartpage_credits: 0, api_credits: 0 };
const T0 = { processed_tokens: 0, api_requests: 0 };

describe('GET /api/v1/overview', () => {
  it('March: plan, counters, credits against limit plus add-on', async () => {
    const res = await call(overview, 'GET', '/api/v1/overview', { token: t.userTokens.OWNER, query: MARCH });
    expect(res.status).toBe(200);
    const sub = await db().subscription.findUniqueOrThrow({ where: { organizationId: t.organization.id } });
    expect(res.body).toEqual({
      user: t.users.OWNER.email,
      plan: 'Test plan',
      end_date: sub.endDate.toISOString().slice(0, 10),
      plan_interval: 'monthly',
      trial_period: false,
      did_trial_period: false,
      datamodel_count: '2 / 3',
      private_smartpage_count: '1 / 2',
      private_smartpage_limit: 2,
      public_smartpage_count: '1 / 2',
      public_smartpage_limit: 2,
      private_smartpage_user_count: '2 / 10',
      private_smartpage_user_limit: 10,
      credit_limit: 1000,
      addon: { addon_name: 'Boost', credits: 200 },
      total_credit_used: 990, // 100 + 240 + 600 + 50; 2025-02-28 23:59:59 and 2025-04-01 00:00:00 are outside
      overflow_credits_usage: 0,
      percentage_credit_used: 82.5, // 990 / (1000 + 200)
      project_data: {
        datamodels: 2,
        datasets: 2,
        contents: 2,
        smartpages: 2,
        private_smartpages: 1,
        public_smartpages: 1,
        private_smartpage_users: 2,
        indexed_tokens_limit: 1_000_000,
        total_indexed_tokens: 1234,
        total_processed_tokens: 650,
        total_api_requests: 4,
      },
    });
  });

  it('April: overflow past limit + add-on', async () => {
    const res = await call(overview, 'GET', '/api/v1/overview', { token: t.userTokens.ADMIN, query: { start_date: '2025-04-01', end_date: '2025-04-30' } });
    expect(res.body).toMatchObject({ user: t.users.ADMIN.email, total_credit_used: 1500, overflow_credits_usage: 300, percentage_credit_used: 125 });
    expect(res.body.project_data).toMatchObject({ total_processed_tokens: 1500, total_api_requests: 2 });
  });

  it('February: the add-on is not valid yet, so the limit alone counts', async () => {
    const res = await call(overview, 'GET', '/api/v1/overview', { token: t.userTokens.OWNER, query: { start_date: '2025-02-01', end_date: '2025-02-28' } });
    expect(res.body).toMatchObject({ addon: null, total_credit_used: 80, overflow_credits_usage: 0, percentage_credit_used: 8 });
  });

  it('a project token reports its project; user is empty', async () => {
    const res = await call(overview, 'GET', '/api/v1/overview', { token: t.projectToken, query: MARCH });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: '', total_credit_used: 990 });
    expect(res.body.project_data).toMatchObject({ datamodels: 2, total_indexed_tokens: 0 });
  });
});

describe('GET /api/v1/credits_resume', () => {
  it('March: daily series zero-filled, boundary seconds in the right day, previous period, top datamodels', async () => {
    const withCredits = {
      '2025-03-01': { api_credits: 100 },
      '2025-03-15': { workspace_credits: 240 },
      '2025-03-31': { smartpage_credits: 600, api_credits: 50 },
    };
    const res = await call(credits, 'GET', '/api/v1/credits_resume', { token: t.userTokens.EDITOR, query: MARCH });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      credits: daily(MARCH, withCredits, C0),
      credits_usage_details: {
        total_credits_used: 990,
        // previous period: the 31 days 2025-01-29 … 2025-02-28 → 80
        credits_previous_period_comparison: { current_period_usage: 990, previous_period_usage: 80, percent_difference: 1137.5 },
      },
      top_datamodels_by_credit_usage: [
        { name: 'Helper', dataset: 'FAQ', credits_used: 600, tokens_processed: 300, api_requests: 1, percentage: 60.61 },
        { name: 'Assistant', dataset: 'Handbook', credits_used: 340, tokens_processed: 300, api_requests: 2, percentage: 34.34 },
      ],
    });
  });

  it('a previous period of zero gives 100; an empty period gives zeros and 0', async () => {
    const feb = await call(credits, 'GET', '/api/v1/credits_resume', {
      token: t.userTokens.OWNER,
      query: { start_date: '2025-02-01', end_date: '2025-02-28' },
    });
    expect(feb.body.credits).toHaveLength(28);
    expect(feb.body.credits_usage_details).toEqual({
      total_credits_used: 80,
      credits_previous_period_comparison: { current_period_usage: 80, previous_period_usage: 0, percent_difference: 100 },
    });
    expect(feb.body.top_datamodels_by_credit_usage).toEqual([
      { name: 'Assistant', dataset: 'Handbook', credits_used: 80, tokens_processed: 80, api_requests: 1, percentage: 100 },
    ]);
    const june = await call(credits, 'GET', '/api/v1/credits_resume', {
      token: t.userTokens.OWNER,
      query: JUNE,
    });
    expect(june.body).toEqual({
      credits: daily(JUNE, {}, C0),
      credits_usage_details: {
        total_credits_used: 0,
        credits_previous_period_comparison: { current_period_usage: 0, previous_period_usage: 0, percent_difference: 0 },
      },
      top_datamodels_by_credit_usage: [],
    });
  });

  it('weekly buckets from the start date for 61 days; monthly beyond six months', async () => {
    const weekly = await call(credits, 'GET', '/api/v1/credits_resume', {
      token: t.userTokens.OWNER,
      query: { start_date: '2025-03-01', end_date: '2025-04-30' },
    });
    expect(weekly.body.credits).toEqual([
      { date: '2025-03-01', workspace_credits: 0, smartpage_credits: 0, api_credits: 100 },
      { date: '2025-03-08', ...C0 },
      { date: '2025-03-15', workspace_credits: 240, smartpage_credits: 0, api_credits: 0 },
      { date: '2025-03-22', ...C0 },
      { date: '2025-03-29', workspace_credits: 0, smartpage_credits: 600, api_credits: 1050 },
      { date: '2025-04-05', ...C0 },
      { date: '2025-04-12', ...C0 },
      { date: '2025-04-19', workspace_credits: 500, smartpage_credits: 0, api_credits: 0 },
      { date: '2025-04-26', ...C0 },
    ]);
    // previous 61 days: 2024-12-30 … 2025-02-28 → 80; (2490 - 80) / 80
    expect(weekly.body.credits_usage_details.credits_previous_period_comparison).toEqual({
      current_period_usage: 2490,
      previous_period_usage: 80,
      percent_difference: 3012.5,
    });
    const monthly = await call(credits, 'GET', '/api/v1/credits_resume', {
      token: t.userTokens.OWNER,
      query: { start_date: '2025-02-01', end_date: '2025-12-31' },
    });
    expect(monthly.body.credits).toHaveLength(11);
    expect(monthly.body.credits.slice(0, 4)).toEqual([
      { date: '2025-02-01', workspace_credits: 0, smartpage_credits: 0, api_credits: 80 },
      { date: '2025-03-01', workspace_credits: 240, smartpage_credits: 600, api_credits: 150 },
      { date: '2025-04-01', workspace_credits: 500, smartpage_credits: 0, api_credits: 1000 },
      { date: '2025-05-01', ...C0 },
    ]);
    expect(monthly.body.credits.at(-1)).toEqual({ date: '2025-12-01', ...C0 });
    expect(monthly.body.credits_usage_details.total_credits_used).toBe(2570);
  });

  it('datamodel_name filters every figure; an unknown name gives zeros', async () => {
    const helper = await call(credits, 'GET', '/api/v1/credits_resume', { token: t.userTokens.OWNER, query: { ...MARCH, datamodel_name: 'Helper' } });
    expect(helper.body.credits_usage_details).toEqual({
      total_credits_used: 600,
      credits_previous_period_comparison: { current_period_usage: 600, previous_period_usage: 0, percent_difference: 100 },
    });
    expect(helper.body.credits.at(-1)).toEqual({ date: '2025-03-31', workspace_credits: 0, smartpage_credits: 600, api_credits: 0 });
    expect(helper.body.top_datamodels_by_credit_usage).toEqual([
      { name: 'Helper', dataset: 'FAQ', credits_used: 600, tokens_processed: 300, api_requests: 1, percentage: 100 },
    ]);
    const none = await call(credits, 'GET', '/api/v1/credits_resume', { token: t.userTokens.OWNER, query: { ...MARCH, datamodel_name: 'Nope' } });
    expect(none.body.credits_usage_details.total_credits_used).toBe(0);
    expect(none.body.top_datamodels_by_credit_usage).toEqual([]);
  });

  it('defaults to the current calendar month', async () => {
    const res = await call(credits, 'GET', '/api/v1/credits_resume', { token: t.userTokens.OWNER });
    const now = new Date();
    const first = `${now.toISOString().slice(0, 7)}-01`;
    const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    expect(res.body.credits).toHaveLength(days);
    expect(res.body.credits[0].date).toBe(first);
  });
});

describe('GET /api/v1/token_resume', () => {
  it('March: pages of 30 by default, totals, previous period, usage by origin, top datamodels', async () => {
    const withTokens = { '2025-03-01': { processed_tokens: 100, api_requests: 1 }, '2025-03-15': { processed_tokens: 200, api_requests: 1 } };
    const res = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: MARCH });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tokens: daily(MARCH, withTokens, T0).slice(0, 30), // the first page: 30 of March's 31 days
      token_usage_details: {
        total_tokens_processed: 650,
        tokens_previous_period_comparison: { current_period: 650, previous_period: 80 },
        usage_by_origin: { smartpage: 300, api: 150, workspace: 200 },
      },
      top_datamodels_by_token_usage: [
        { name: 'Assistant', dataset: 'Handbook', tokens_processed: 300, api_requests: 2, percentage: 46.15 },
        { name: 'Helper', dataset: 'FAQ', tokens_processed: 300, api_requests: 1, percentage: 46.15 },
      ],
    });
  });

  it('offset and limit page the series', async () => {
    const last = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: { ...MARCH, offset: '30' } });
    expect(last.body.tokens).toEqual([{ date: '2025-03-31', processed_tokens: 350, api_requests: 2 }]);
    const two = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: { ...MARCH, offset: '14', limit: '2' } });
    expect(two.body.tokens).toEqual([
      { date: '2025-03-15', processed_tokens: 200, api_requests: 1 },
      { date: '2025-03-16', ...T0 },
    ]);
    const past = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: { ...MARCH, offset: '31' } });
    expect(past.body.tokens).toEqual([]);
    expect(past.body.token_usage_details.total_tokens_processed).toBe(650);
  });

  it('datamodel_name filters', async () => {
    const res = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: { ...MARCH, datamodel_name: 'Assistant' } });
    expect(res.body.token_usage_details).toEqual({
      total_tokens_processed: 300,
      tokens_previous_period_comparison: { current_period: 300, previous_period: 80 },
      usage_by_origin: { smartpage: 0, api: 100, workspace: 200 },
    });
    expect(res.body.top_datamodels_by_token_usage).toEqual([
      { name: 'Assistant', dataset: 'Handbook', tokens_processed: 300, api_requests: 2, percentage: 100 },
    ]);
  });
});

describe('query rules', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['not a calendar day', { start_date: '2025-02-30' }, 'start_date: start_date must be a date in YYYY-MM-DD format'],
    ['wrong format', { end_date: '31/03/2025' }, 'end_date: end_date must be a date in YYYY-MM-DD format'],
    ['end before start', { start_date: '2025-03-02', end_date: '2025-03-01' }, 'end_date must not be before start_date'],
    ['unknown parameter', { datamodel: 'x' }, 'Unknown query parameter: datamodel'],
    // One request for ~2.9 million daily buckets took the process down.
    ['an end date past the maximum', { end_date: '9999-12-31' }, 'end_date: end_date must not be after 2099-12-31'],
    [
      'a period longer than the maximum span',
      { start_date: '2025-02-01', end_date: '2099-12-31' },
      'The period from 2025-02-01 to 2099-12-31 is longer than the maximum of 3660 days; choose a later start_date or an earlier end_date',
    ],
    ['a NUL in a value', { end_date: '2025-03-01\u0000' }, 'Query parameter end_date contains a character that is not allowed (U+0000)'],
  ];
  for (const [handler, path] of [
    [overview, '/api/v1/overview'],
    [credits, '/api/v1/credits_resume'],
    [tokens, '/api/v1/token_resume'],
  ] as const) {
    it.each(cases)(`${path}: %s → 400`, async (_, query, detail) => {
      const res = await call(handler, 'GET', path, { token: t.userTokens.OWNER, query });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
    });
  }

  it.each([
    [credits, '/api/v1/credits_resume'],
    [tokens, '/api/v1/token_resume'],
  ] as const)("%s: a start before 2025-02-01 (the spec's minimum for the two series) → 400", async (handler, path) => {
    const res = await call(handler, 'GET', path, { token: t.userTokens.OWNER, query: { start_date: '2025-01-31', end_date: '2025-02-28' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'start_date must not be before 2025-02-01' });
  });

  it('overview has no minimum start: an earlier period is reported', async () => {
    const res = await call(overview, 'GET', '/api/v1/overview', { token: t.userTokens.OWNER, query: { start_date: '2025-01-01', end_date: '2025-03-31' } });
    expect(res.status).toBe(200);
    const march = await call(overview, 'GET', '/api/v1/overview', { token: t.userTokens.OWNER, query: { start_date: '2025-02-01', end_date: '2025-03-31' } });
    expect(res.body.total_credit_used).toBe(march.body.total_credit_used);
  });

  it.each([
    [credits, '/api/v1/credits_resume'],
    [tokens, '/api/v1/token_resume'],
  ] as const)('%s: the longest period allowed is answered, in monthly buckets', async (handler, path) => {
    const paging: Record<string, string> = handler === tokens ? { limit: '1000' } : {};
    const res = await call(handler, 'GET', path, { token: t.userTokens.OWNER, query: { start_date: '2025-02-01', end_date: '2035-02-06', ...paging } });
    expect(res.status).toBe(200);
    const series = (res.body.credits ?? res.body.tokens) as { date: string }[];
    expect(series).toHaveLength(121);
    expect(series.at(-1)!.date).toBe('2035-02-01');
  });

  it('token_resume: a bad limit names it', async () => {
    const res = await call(tokens, 'GET', '/api/v1/token_resume', { token: t.userTokens.OWNER, query: { limit: 'ten' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^limit: /);
  });
});
