import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { VA_QUERY_KEY } from '../api/va';

/** What each answer of VA's sign-in says, in the words veterans see. */
const RETURN_TEXT = {
  success: {
    title: 'Successfully connected to VA.gov!',
    description: 'You can now access VA forms and services.',
  },
  service_unavailable: {
    title: 'VA.gov is temporarily unavailable',
    description: 'Please try connecting again in a few minutes.',
  },
  forbidden: {
    title: 'VA.gov authentication expired',
    description:
      'Please try connecting again. Make sure to complete the process within 15 minutes.',
  },
} as const;

/**
 * Back from VA.gov's sign-in (`/va-forms?message=…`): on success the profile is read again, a toast
 * says so, and the 526EZ opens; a refusal or an outage says what happened and goes to the
 * dashboard; any other message is dropped from the address. Handled once per visit.
 */
export function useVaConnectReturn(): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = searchParams.get('message');
  const handled = useRef(false);

  useEffect(() => {
    if (message === null || handled.current) return;
    handled.current = true;
    void (async () => {
      if (message === 'success') {
        await queryClient.invalidateQueries({ queryKey: ['users'] });
        await queryClient.invalidateQueries({ queryKey: VA_QUERY_KEY });
        toastFeedback('success', RETURN_TEXT.success.title, {
          description: RETURN_TEXT.success.description,
        });
        void navigate(paths.vaForms.form526ez.getHref(), { replace: true });
        return;
      }
      if (message === 'service_unavailable' || message === 'forbidden') {
        toastFeedback('error', RETURN_TEXT[message].title, {
          description: RETURN_TEXT[message].description,
        });
        void navigate(paths.dashboard.getHref(), { replace: true });
        return;
      }
      void navigate(paths.vaForms.home.getHref(), { replace: true });
    })();
  }, [message, navigate, queryClient]);

  return message !== null;
}
