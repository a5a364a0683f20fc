import type { SignInWithCodeInput } from '@muster/contract/auth';
import { useMutation } from '@tanstack/react-query';

import { authClient, isServiceOutage } from '@/lib/auth-client';

/** `POST /auth/sign-in/email-otp` (through the auth client, which keeps the session). */
export function signInWithCode(input: SignInWithCodeInput) {
  return authClient.signInWithCode(input);
}

export function useSignInWithCode() {
  return useMutation({
    mutationFn: signInWithCode,
    meta: { errorToast: (error) => !isServiceOutage(error) },
  });
}
