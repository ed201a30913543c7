import { route } from '@/lib/http/route';
import { projectOf } from '@/lib/auth/principal';
import { idParams } from '@/lib/http/schemas';
import { testSavedModel } from '@/lib/generation/connection-test';
import { requireCatalogManager } from '@/lib/generation/permissions';
import { otherMethods } from '@/lib/http/unsupported';

const params = idParams('model_id');

/** One small real call to the saved model's provider: {ok, detail, latency_ms}. */
export const POST = route({ family: 'knowledge', params }, async ({ principal, params }) => {
  requireCatalogManager(principal);
  return testSavedModel(projectOf(principal), params.model_id);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
