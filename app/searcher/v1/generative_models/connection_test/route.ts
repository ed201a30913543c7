import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { connectionTestBody } from '@/lib/generation/contract';
import { testUnsavedSettings } from '@/lib/generation/connection-test';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

/** Tries connection settings before they are saved (nothing is stored): {ok, detail, latency_ms}. */
export const POST = route({ family: 'knowledge', body: connectionTestBody }, async ({ principal, body }) => {
  requireCatalogManager(principal);
  return testUnsavedSettings(projectOf(principal), body);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
