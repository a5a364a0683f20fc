import { Suspense, type ReactNode } from 'react';

import { ErrorBoundary } from './error-boundary';

type NonEssentialProps = {
  children: ReactNode;
  /** Shown while the part's code loads; nothing by default. */
  placeholder?: ReactNode;
};

/**
 * A lazily loaded part the page can do without (a menu, a dialog, the toasters). While its code
 * loads it shows `placeholder`; if the code fails to load (offline, a deploy in between) or the part
 * throws, it is left out and the rest of the page goes on.
 */
export function NonEssential({ children, placeholder = null }: NonEssentialProps) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}
