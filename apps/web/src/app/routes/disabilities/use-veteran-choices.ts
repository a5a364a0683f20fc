import { MAX_PAGE_SIZE } from '@muster/contract/common';

import type { VeteranChoice } from '@/features/disabilities/components/disability-form';
import { useVeterans } from '@/features/veterans/api/get-veterans';
import { veteranName } from '@/features/veterans/utils/veteran-labels';

/**
 * The user's veteran records as choices for a disability, the primary first. `null` while they
 * load; a failure gives no choices (the API then uses the primary record, and the error is shown
 * by the toast).
 */
export function useVeteranChoices(): VeteranChoice[] | null {
  const veterans = useVeterans({ page: 1, pageSize: MAX_PAGE_SIZE });
  if (veterans.isError) return [];
  if (!veterans.data) return null;
  return veterans.data.results.map((veteran) => ({
    id: veteran.id,
    name: veteranName(veteran),
    isPrimary: veteran.is_primary,
  }));
}
