import { Component, type ErrorInfo, type ReactNode } from 'react';

import { reportError } from '@/lib/error-reporting';

export type ErrorBoundaryFallbackProps = {
  error: unknown;
  /** Clears the error and renders the children again. */
  resetErrorBoundary: () => void;
};

export type ErrorBoundaryProps = {
  children: ReactNode;
  fallback: (props: ErrorBoundaryFallbackProps) => ReactNode;
  /** Called once per caught error, for reporting. */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called when the boundary resets, before the children render again. */
  onReset?: () => void;
};

type ErrorBoundaryState = { hasError: boolean; error: unknown };

/**
 * Catches render errors below it. Use one around each independent panel (chat sidebar, analysis
 * results) so one failure does not blank the page; route errors go to the route's errorElement.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error);
    this.props.onError?.(error, info);
  }

  resetErrorBoundary = () => {
    this.props.onReset?.();
    this.setState({ hasError: false, error: null });
  };

  override render() {
    if (this.state.hasError) {
      return this.props.fallback({
        error: this.state.error,
        resetErrorBoundary: this.resetErrorBoundary,
      });
    }
    return this.props.children;
  }
}
