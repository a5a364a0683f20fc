import type { LaymanStatementSummary } from '@muster/contract/layman-statements';

/** Where a request stands, in the veteran's words. */
export const LAYMAN_STATUS_TEXT: Record<LaymanStatementSummary['status'], string> = {
  requested: 'Waiting for their statement',
  submitted: 'Signed and received',
  expired: 'Link expired',
  revoked: 'Link withdrawn',
};
