import { describe, expect, it } from 'vitest';
import { ACCEPTED_AUTH, REPORTS, mayReadReport, type Role } from '@/lib/auth/roles';

// The spec's role matrix, written out as the spec's table reads.
const MATRIX: Record<Role, Record<(typeof REPORTS)[number], boolean>> = {
  OWNER: { overview: true, credits_resume: true, token_resume: true, threads: true, report_download: true },
  ADMIN: { overview: true, credits_resume: true, token_resume: true, threads: true, report_download: true },
  EDITOR: { overview: false, credits_resume: true, token_resume: false, threads: false, report_download: false },
  VIEWER: { overview: false, credits_resume: false, token_resume: false, threads: false, report_download: false },
};

describe('report role matrix', () => {
  for (const [role, row] of Object.entries(MATRIX) as [Role, (typeof MATRIX)[Role]][]) {
    for (const report of REPORTS) {
      it(`${role} ${row[report] ? 'may' : 'may not'} read ${report}`, () => {
        expect(mayReadReport(role, report)).toBe(row[report]);
      });
    }
  }
});

describe('token kinds per path family', () => {
  it.each([
    ['knowledge', ['apiKey', 'session']],
    ['search', ['apiKey', 'session']],
    ['reports', ['userToken', 'projectToken', 'session']],
    ['assessments', ['apiKey', 'userToken', 'session']],
  ] as const)('%s accepts %j', (family, modes) => {
    expect([...ACCEPTED_AUTH[family]].sort()).toEqual([...modes].sort());
  });

  it('API keys never open the reports, user tokens never open knowledge or search', () => {
    expect(ACCEPTED_AUTH.reports).not.toContain('apiKey');
    expect(ACCEPTED_AUTH.knowledge).not.toContain('userToken');
    expect(ACCEPTED_AUTH.search).not.toContain('userToken');
  });
});
