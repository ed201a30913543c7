// Roles and the spec's access rules, in one place. Route handlers name what
// they are (a path family, a report); this module says who may call it.

export const ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** How a caller proved who they are. */
export type AuthMode = 'apiKey' | 'projectToken' | 'userToken' | 'session';

export type PathFamily = 'knowledge' | 'search' | 'assessments' | 'reports' | 'management';

/**
 * Which credentials each path family accepts. The spec: API keys for the
 * knowledge and search endpoints, user and project tokens for the reports.
 * The browser session is accepted everywhere so the UI uses the same API.
 */
export const ACCEPTED_AUTH: Record<PathFamily, readonly AuthMode[]> = {
  knowledge: ['apiKey', 'session'],
  search: ['apiKey', 'session'],
  assessments: ['apiKey', 'userToken', 'session'],
  reports: ['userToken', 'projectToken', 'session'],
  management: ['userToken', 'session'],
};

export const REPORTS = ['overview', 'credits_resume', 'token_resume', 'threads', 'report_download'] as const;
export type Report = (typeof REPORTS)[number];

/** The spec's role matrix for the report endpoints. */
export const REPORT_ROLES: Record<Report, readonly Role[]> = {
  overview: ['OWNER', 'ADMIN'],
  credits_resume: ['OWNER', 'ADMIN', 'EDITOR'],
  token_resume: ['OWNER', 'ADMIN'],
  threads: ['OWNER', 'ADMIN'],
  report_download: ['OWNER', 'ADMIN'],
};

export function mayReadReport(role: Role, report: Report): boolean {
  return REPORT_ROLES[report].includes(role);
}

/** Changing knowledge, models and keys needs at least EDITOR; VIEWER reads. */
export function mayWrite(role: Role): boolean {
  return role !== 'VIEWER';
}

/** Managing members, keys and tokens of an organisation. */
export function mayManage(role: Role): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}
