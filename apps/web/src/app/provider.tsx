import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorScreen } from '@/components/errors/error-screen';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { TooltipProvider } from '@/components/ui/tooltip';
import { queryClient as appQueryClient } from '@/lib/query-client';

// The toaster is not needed to show the first page, so it loads after it (spec §9 budget). A toast
// raised in the first moments, before it mounts, would not show; nothing toasts that early.
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
};

/** App-wide providers. Errors that escape the router (rare) land in the outer boundary. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
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
          <TooltipProvider>
            {children}
            {/* Failing to load the toaster (offline) must not take the app down with it. */}
            <ErrorBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            </ErrorBoundary>
          </TooltipProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
