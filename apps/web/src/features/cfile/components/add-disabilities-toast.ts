import type { AddedCfileDisabilities } from '@muster/contract/cfiles';

import { toastFeedback } from '@/lib/toast';

import { countText } from '../utils/progress-text';

/** Says what was added, and which names were among the disabilities already. */
export function toastAdded({ created, skipped }: AddedCfileDisabilities) {
  const message =
    created.length === 0
      ? 'Nothing new was added'
      : `${countText(created.length, 'condition', 'conditions')} added to your disabilities`;
  const description =
    skipped.length === 0 ? undefined : `Already among your disabilities: ${skipped.join(', ')}.`;
  toastFeedback('success', message, { description });
}
