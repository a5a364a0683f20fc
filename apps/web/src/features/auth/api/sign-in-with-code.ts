import type { SignInWithCodeInput } from '@muster/contract/auth';
import { useMutation } from '@tanstack/react-query';

import { authClient } from '@/lib/auth-client';
import { isServiceOutage } from '@/lib/auth-session';

import { isShownByCodeForm } from '../utils/sign-in-errors';

/** `POST /auth/sign-in/email-otp` (through the auth client, which keeps the session). */
export function signInWithCode(input: SignInWithCodeInput) {
  return authClient.signInWithCode(input);
}

export function useSignInWithCode() {
  return useMutation({
    mutationFn: signInWithCode,
    // A wrong or expired code and a lock are said on the form itself, once.
    meta: { errorToast: (error) => !isServiceOutage(error) && !isShownByCodeForm(error) },
  });
}
