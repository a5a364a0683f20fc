import type { SendSignInCodeInput } from '@muster/contract/auth';
import { useMutation } from '@tanstack/react-query';

import { authClient } from '@/lib/auth-client';
import { isServiceOutage } from '@/lib/auth-session';

/** `POST /auth/email-otp/send-verification-otp` (through the auth client). */
export function sendSignInCode(input: Omit<SendSignInCodeInput, 'type'>) {
  return authClient.sendSignInCode(input);
}

export function useSendSignInCode() {
  return useMutation({
    mutationFn: sendSignInCode,
    // An outage already took the user to /service-outage.
    meta: { errorToast: (error) => !isServiceOutage(error) },
  });
}
