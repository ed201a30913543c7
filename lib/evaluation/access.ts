import { forbidden } from '../errors';
import type { Principal } from '../auth/principal';

/** Evaluation is for editors, admins and owners (API keys act for their project). */
export function assertMayEvaluate(principal: Principal): void {
  if (principal.role === 'VIEWER') throw forbidden('Evaluation sets are for editors, admins and owners; the VIEWER role cannot open them');
}
