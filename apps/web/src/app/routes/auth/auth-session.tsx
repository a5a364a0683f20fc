import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useExchangeCode } from '@/features/auth/api/exchange-code';
import { toApiError } from '@/lib/api-error';
import { isServiceOutage } from '@/lib/auth-session';
import { toastErrorMessage } from '@/lib/toast';

/**
 * `/auth/session?code=…[&to=sign-up]`: where a Google or Discord sign-in lands. The single-use code
 * becomes the session; sign-ups continue to plan selection, sign-ins to their profile.
 */
export function AuthSessionRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useExchangeCode();
  const hasStarted = useRef(false);
  const code = searchParams.get('code');
  const isSignUp = searchParams.get('to') === 'sign-up';

  useEffect(() => {
    // The code works once: never send it twice (StrictMode runs effects twice in development).
    if (hasStarted.current) return;
    hasStarted.current = true;
    const failedTo = isSignUp ? paths.signUp.getHref() : paths.signIn.getHref();
    if (!code) {
      toastErrorMessage('Sign-In failed', { id: 'oauth-exchange' });
      void navigate(failedTo, { replace: true });
      return;
    }
    mutate(code, {
      onSuccess: () =>
        void navigate(isSignUp ? paths.planSelection.getHref() : paths.loadingProfile.getHref(), {
          replace: true,
        }),
      onError: (error) => {
        // An outage already went to /service-outage.
        if (isServiceOutage(error)) return;
        toastErrorMessage(toApiError(error).message, { id: 'oauth-exchange' });
        void navigate(failedTo, { replace: true });
      },
    });
  }, [code, isSignUp, mutate, navigate]);

  return (
    <>
      <PageHeader title="Signing you in" description="One moment while we finish signing you in." />
      <PageSpinner label="Signing you in" />
    </>
  );
}
