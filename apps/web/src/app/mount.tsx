import '@/lib/yield-to-browser';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { profileQueryOptions } from '@/features/users/api/get-profile';
import { env } from '@/config/env';
import { authClient } from '@/lib/auth-client';
import { isMemberSession } from '@/lib/auth-session';
import { startErrorReporting } from '@/lib/error-reporting';
import { queryClient } from '@/lib/query-client';

/** Renders the app into `#root`, replacing the loading message index.html shows until then. */
export function mountApp(rootElement: HTMLElement) {
  // The stored session is checked now rather than after the first render (the provider's own
  // call then gets the same check): on a signed-in page, everything waits for that answer. The
  // gate asks for the profile next (as does the sidebar): that starts as soon as the answer is in.
  void authClient.initialize().then(() => {
    const state = authClient.getState();
    if (isMemberSession(state)) void queryClient.prefetchQuery(profileQueryOptions(state.user.id));
  });
  // Loaded only when the server configured a DSN, and after the app has started.
  void startErrorReporting(env);
  const root = createRoot(rootElement);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built, so taps and scrolls still answer.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
