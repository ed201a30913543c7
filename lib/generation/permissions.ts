// Who may change datamodels, presets and generative models: owners and
// admins, and API keys (made only by them; they act for their project, as
// on every /searcher route). Editors and viewers read the lists only.
import type { Principal } from '../auth/principal';
import { mayManage } from '../auth/roles';
import { forbidden } from '../errors';

export function requireCatalogManager(principal: Principal): void {
  if (principal.role && !mayManage(principal.role)) {
    throw forbidden(`The ${principal.role} role cannot change datamodels, presets or generative models; ask an owner or admin`);
  }
}
