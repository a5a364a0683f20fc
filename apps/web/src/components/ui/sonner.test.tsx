import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ThemeProvider } from '@/components/theme/theme-provider';

import { FeedbackToaster, GlobalErrorToaster, Toaster } from './sonner';

const sonner = vi.hoisted(() => ({
  Toaster: vi.fn((_props: Record<string, unknown>) => null),
  toast: { dismiss: vi.fn() },
}));
vi.mock('sonner', () => sonner);

function propsOf(element: React.ReactElement) {
  sonner.Toaster.mockClear();
  render(<ThemeProvider>{element}</ThemeProvider>);
  return sonner.Toaster.mock.calls.at(-1)?.[0];
}

describe('toasters', () => {
  it('global errors: their own toaster, 10 seconds, up to 9 visible', () => {
    expect(propsOf(<GlobalErrorToaster />)).toMatchObject({
      id: 'global-errors',
      duration: 10_000,
      visibleToasts: 9,
      containerAriaLabel: 'Error notifications',
    });
  });

  it('feedback notices: their own toaster, one visible at a time', () => {
    expect(propsOf(<FeedbackToaster />)).toMatchObject({
      id: 'feedback',
      visibleToasts: 1,
      containerAriaLabel: 'Feedback notifications',
    });
  });

  it('generic notices: 4 seconds, 3 visible', () => {
    expect(propsOf(<Toaster />)).toMatchObject({ duration: 4000, visibleToasts: 3 });
  });
});
