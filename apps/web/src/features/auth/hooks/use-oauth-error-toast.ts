import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { toastErrorMessage } from '@/lib/toast';

import { oauthErrorMessage } from '../utils/oauth-errors';

/**
 * A provider sign-in that failed comes back with `?error=google_failed|discord_failed|oauth_failed`:
 * toast it once and drop the parameter so a reload does not repeat it.
 */
export function useOAuthErrorToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get('error');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const message = oauthErrorMessage(value);
    if (!value || handled.current === value) return;
    handled.current = value;
    if (message) toastErrorMessage(message, { id: `oauth-${value}` });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [value, setSearchParams]);
}
