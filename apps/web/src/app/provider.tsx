import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useEffect, type ReactNode } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { NonEssential } from '@/components/errors/non-essential';
import { ErrorScreen } from '@/components/errors/error-screen';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { authClient } from '@/lib/auth-client';
import { queryClient as appQueryClient } from '@/lib/query-client';

// The toasters are not needed to show the first page, so they load after it and stay out of the
// first-load budget. A toast raised before they mount is replayed when they do (Sonner keeps
// active toasts).
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);
const FeedbackToaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.FeedbackToaster })),
);
const GlobalErrorToaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.GlobalErrorToaster })),
);

/**
 * Starts the session: checks a stored token, runs the refresh tick, follows sign-in and sign-out
 * in other tabs, and drops cached data when the user signs out.
 */
function useAuthSession(queryClient: QueryClient) {
  useEffect(() => {
    void authClient.initialize();
    authClient.startAutoRefresh();
    const stopListening = authClient.onAuthStateChange((event) => {
      // After the current render: the gate first leaves the protected page, then the data goes.
      if (event === 'SIGNED_OUT') setTimeout(() => queryClient.clear(), 0);
    });
    const handleStorage = (event: StorageEvent) => authClient.handleStorageChange(event);
    window.addEventListener('storage', handleStorage);
    return () => {
      authClient.stopAutoRefresh();
      stopListening();
      window.removeEventListener('storage', handleStorage);
    };
  }, [queryClient]);
}

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
};

/** App-wide providers. Errors that escape the router (rare) land in the outer boundary. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  useAuthSession(queryClient);
  return (
    <ErrorBoundary
      fallback={({ error, resetErrorBoundary }) => (
        <main id="main-content" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
          <ErrorScreen error={error} onRetry={resetErrorBoundary} />
        </main>
      )}
    >
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          {/* Failing to load the toaster (offline) must not take the app down with it. */}
          <NonEssential>
            <Toaster />
            <GlobalErrorToaster />
            <FeedbackToaster />
          </NonEssential>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
