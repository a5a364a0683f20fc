import { useMutation } from '@tanstack/react-query';

import { authClient } from '@/lib/auth-client';

/** `POST /auth-bridge/exchange`: the single-use code a Google or Discord sign-in returned with. */
export function exchangeCode(code: string) {
  return authClient.exchangeCode(code);
}

export function useExchangeCode() {
  // The page reports failures itself ("Google Sign-In failed" or the error's message).
  return useMutation({ mutationFn: exchangeCode, meta: { errorToast: false } });
}
