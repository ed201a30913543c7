// Which pages a role may open. The server refuses the data anyway (the
// route handlers check every call); this only keeps people away from pages
// that could show nothing but an error, and explains why on /forbidden.
import type { Me } from '@/lib/console/workspace';
import type { Report } from '@/lib/auth/roles';

export type PageRule = { label: string; allowed: (me: Me) => boolean; why: (me: Me) => string };

const REPORT_PAGES: Array<{ prefix: string; exact?: boolean; report: Report; label: string }> = [
  { prefix: '/usage/credits', report: 'credits_resume', label: 'Credits report' },
  { prefix: '/usage/tokens', report: 'token_resume', label: 'Tokens report' },
  { prefix: '/usage/threads', report: 'threads', label: 'Threads report' },
  { prefix: '/usage', report: 'overview', label: 'Usage overview' },
];

const WHO_READS: Record<Report, string> = {
  overview: 'owners and admins',
  credits_resume: 'owners, admins and editors',
  token_resume: 'owners and admins',
  threads: 'owners and admins',
  report_download: 'owners and admins',
};

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The rule guarding a path, or null when every member may open it. */
export function ruleFor(path: string): PageRule | null {
  if (matches(path, '/access')) {
    return {
      label: 'API access',
      allowed: (me) => me.permissions.manage,
      why: (me) => `API keys and project tokens are managed by owners and admins; your role in ${me.organization.name} is ${me.role}.`,
    };
  }
  if (matches(path, '/review')) {
    return {
      label: 'Review queue',
      allowed: (me) => me.permissions.write,
      why: (me) => `The review queue is for editors, admins and owners; your role in ${me.organization.name} is ${me.role}.`,
    };
  }
  if (matches(path, '/models')) {
    return {
      label: 'Models',
      allowed: (me) => me.permissions.manage,
      why: (me) => `Datamodels, presets and generative models are managed by owners and admins; your role in ${me.organization.name} is ${me.role}.`,
    };
  }
  const page = REPORT_PAGES.find((p) => matches(path, p.prefix));
  if (!page) return null;
  return {
    label: page.label,
    allowed: (me) => me.permissions.reports.includes(page.report),
    why: (me) => `The ${page.label.toLowerCase()} is open to ${WHO_READS[page.report]}; your role in ${me.organization.name} is ${me.role}.`,
  };
}

export function mayOpen(path: string, me: Me): boolean {
  const rule = ruleFor(path);
  return !rule || rule.allowed(me);
}
