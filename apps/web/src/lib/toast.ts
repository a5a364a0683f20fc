import { toast } from 'sonner';

import { GLOBAL_ERROR_TOAST } from '@/config/constants';
import { toApiError } from '@/lib/api-client';

export { toast };

/**
 * Shows a failed mutation's message (spec §8 "Display": keyed by code, 10 seconds). One toast per
 * code: a second failure with the same code replaces the first instead of stacking.
 * Call it from a mutation's `onError`; the API client itself never toasts.
 */
export function toastError(error: unknown): void {
  // Anything that is not an ApiError becomes "An unexpected error occurred": raw exception text
  // is never shown to the user.
  const apiError = toApiError(error);
  toast.error(apiError.message, {
    id: `api-error-${apiError.code}`,
    duration: GLOBAL_ERROR_TOAST.durationMs,
  });
}
