import { useMutation } from '@tanstack/react-query';

import { openBilling } from '../utils/open-billing';

/** Opens a checkout or billing portal; failures are only logged and left to the caller. */
export function useOpenBilling() {
  return useMutation({ mutationFn: openBilling, meta: { errorToast: false } });
}
