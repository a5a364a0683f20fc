import type { ReviewKind } from '@muster/contract/decision-letters';
import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

import { letterPath } from './get-letter';
import { REVIEW_OPTIONS } from '../utils/labels';

export type ReviewFormVariables = {
  letterId: string;
  kind: ReviewKind;
  /** Which of the letter's decisions the form asks VA to review (their indexes). */
  decisions: readonly number[];
};

/**
 * `GET /decision-letters/{id}/review-forms/{kind}`: the review option's VA form, filled from the
 * veteran record and the decisions chosen.
 */
export function downloadReviewForm({
  letterId,
  kind,
  decisions,
}: ReviewFormVariables): Promise<DownloadedFile> {
  return api.download(`${letterPath(letterId)}/review-forms/${kind}`, {
    query: { decisions: decisions.join(',') },
    // Forms are filled on the server.
    timeoutMs: 60_000,
  });
}

/**
 * Downloads a filled review form. The request carries the bearer token, which a plain link to the
 * API could not.
 */
export function useDownloadReviewForm() {
  return useMutation({
    mutationFn: downloadReviewForm,
    onSuccess: ({ blob, filename }, { kind }) =>
      saveFile(blob, filename ?? `${REVIEW_OPTIONS[kind].formFile}.pdf`),
  });
}
