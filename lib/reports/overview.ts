// GET /api/v1/overview: the organisation's plan and limits, credit use in
// the period against the limit plus valid add-ons, and counters of the
// caller's scope (organisation, or the project of a project token).
import { db } from '../db/client';
import { notFound } from '../errors';
import type { OverviewQuery, OverviewReport } from './contract';
import { endOfDayExclusive, monthRange, percentOf, startOfDay } from './periods';
import { projectWhere, type ReportScope } from './scope';
import { readUsage, totalsOf } from './usage';

/** `email`: the caller's e-mail; a project token has none and gets "". */
export async function overviewReport(scope: ReportScope, email: string | null, query: OverviewQuery, now = new Date()): Promise<OverviewReport> {
  const range = monthRange(query, now);
  const organization = await db().organization.findUnique({
    where: { id: scope.organizationId },
    include: { subscription: { include: { plan: true } } },
  });
  if (!organization) throw notFound('Organisation not found');
  const subscription = organization.subscription;
  const plan = subscription?.plan;
  const inScope = projectWhere(scope);
  const [addons, datamodels, datasets, contents, privatePages, publicPages, privateUsers, projectTokens, usage] = await Promise.all([
    db().creditAddon.findMany({
      where: {
        organizationId: scope.organizationId,
        validFrom: { lt: endOfDayExclusive(range.end) },
        OR: [{ validUntil: null }, { validUntil: { gte: startOfDay(range.start) } }],
      },
      orderBy: { id: 'asc' },
    }),
    db().datamodel.count({ where: inScope }),
    db().dataset.count({ where: inScope }),
    db().content.count({ where: { dataset: inScope } }),
    db().smartpage.count({ where: { ...inScope, visibility: 'private' } }),
    db().smartpage.count({ where: { ...inScope, visibility: 'public' } }),
    db().smartpageUser.count({ where: { smartpage: { ...inScope, visibility: 'private' } } }),
    scope.projectId === null
      ? Promise.resolve(null)
      : db().content.aggregate({ where: { dataset: { projectId: scope.projectId } }, _sum: { tokenCount: true } }),
    readUsage(scope, range, {}, []),
  ]);
  const totals = totalsOf(usage);
  const creditLimit = plan?.creditLimit ?? 0;
  const addonCredits = addons.reduce((sum, a) => sum + a.credits, 0);
  const allowance = creditLimit + addonCredits;
  const privateLimit = plan?.privateSmartpageLimit ?? 0;
  const publicLimit = plan?.publicSmartpageLimit ?? 0;
  const userLimit = plan?.privateSmartpageUserLimit ?? 0;
  return {
    user: email ?? '',
    plan: plan?.name ?? '',
    end_date: subscription ? subscription.endDate.toISOString().slice(0, 10) : '',
    plan_interval: plan?.interval ?? 'monthly',
    trial_period: subscription?.trialPeriod ?? false,
    did_trial_period: subscription?.didTrialPeriod ?? false,
    datamodel_count: `${datamodels} / ${plan?.datamodelLimit ?? 0}`,
    private_smartpage_count: `${privatePages} / ${privateLimit}`,
    private_smartpage_limit: privateLimit,
    public_smartpage_count: `${publicPages} / ${publicLimit}`,
    public_smartpage_limit: publicLimit,
    private_smartpage_user_count: `${privateUsers} / ${userLimit}`,
    private_smartpage_user_limit: userLimit,
    credit_limit: creditLimit,
    addon: addons.length ? { addon_name: addons.map((a) => a.name).join(', '), credits: addonCredits } : null,
    total_credit_used: totals.credits,
    overflow_credits_usage: Math.max(0, totals.credits - allowance),
    percentage_credit_used: allowance === 0 ? (totals.credits > 0 ? 100 : 0) : percentOf(totals.credits, allowance),
    project_data: {
      datamodels,
      datasets,
      contents,
      smartpages: privatePages + publicPages,
      private_smartpages: privatePages,
      public_smartpages: publicPages,
      private_smartpage_users: privateUsers,
      indexed_tokens_limit: plan?.indexedTokenLimit ?? 0,
      total_indexed_tokens: projectTokens === null ? organization.indexedTokens : (projectTokens._sum.tokenCount ?? 0),
      total_processed_tokens: totals.tokens,
      total_api_requests: totals.requests,
    },
  };
}
