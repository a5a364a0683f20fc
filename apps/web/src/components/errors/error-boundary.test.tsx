import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ERR } from '@muster/contract/errors';

import { ApiError } from '@/lib/api-error';

import { ErrorBoundary } from './error-boundary';
import { describeError } from './error-fallback';
import { ErrorScreen } from './error-screen';

let shouldThrow = true;

function Flaky() {
  if (shouldThrow) throw new Error('The chart exploded');
  return <p>Chart is back</p>;
}

function renderWithBoundary() {
  const onError = vi.fn();
  render(
    <ErrorBoundary
      onError={onError}
      fallback={({ error, resetErrorBoundary }) => (
        <ErrorScreen error={error} onRetry={resetErrorBoundary} />
      )}
    >
      <Flaky />
    </ErrorBoundary>,
  );
  return { onError };
}

describe('ErrorBoundary with the error screen', () => {
  it('shows "Something went wrong" with the error details and both actions', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    const { onError } = renderWithBoundary();

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(screen.getByText('Error details'));
    expect(screen.getByText('The chart exploded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The chart exploded' }),
      expect.anything(),
    );
    expect(consoleError).toHaveBeenCalled();
  });

  it('"Try Again" resets the boundary and renders the children again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderWithBoundary();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByText('Chart is back')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});

describe('describeError', () => {
  it('describes API errors with their code and detail', () => {
    const error = new ApiError({ status: 500, code: ERR.INTERNAL, detail: 'req 42' });
    expect(describeError(error)).toBe('An unexpected error occurred (code 5000) — req 42');
  });

  it('describes plain errors, strings and unknown values', () => {
    expect(describeError(new Error('Boom'))).toBe('Boom');
    expect(describeError('text')).toBe('text');
    expect(describeError(42)).toBe('Unknown error');
  });
});
