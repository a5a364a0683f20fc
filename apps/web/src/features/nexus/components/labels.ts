import type { NexusLetterStatus, OpinionBasis } from '@muster/contract/nexus-letters';

export const BASIS_LABELS: Record<OpinionBasis, string> = {
  caused: 'Caused by service (direct)',
  secondary: 'Caused by a service-connected condition (secondary)',
  aggravated: 'Made worse by service (aggravation)',
};

export const STATUS_LABELS: Record<NexusLetterStatus, string> = {
  draft: 'Draft',
  requested: 'Sent to a provider',
  signed: 'Signed',
};
