import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { markModuleLoadFailure } from '@/lib/chunk-errors';

import { ErrorScreen } from './error-screen';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/vault-1.js');

describe('ErrorScreen', () => {
  it('reloads once for a chunk load error and shows a spinner instead of an error', () => {
    const reloadPage = vi.fn();
    render(<ErrorScreen error={chunkError()} onRetry={vi.fn()} reloadPage={reloadPage} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading the latest version of Muster');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.CHUNK_RELOAD)).not.toBeNull();
  });

  it('shows the error screen when this session already reloaded once', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.CHUNK_RELOAD, 'earlier');
    const reloadPage = vi.fn();
    const onRetry = vi.fn();
    render(<ErrorScreen error={chunkError()} onRetry={onRetry} reloadPage={reloadPage} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(reloadPage).not.toHaveBeenCalled();

    // The chunk stays broken until the page reloads, so "Try Again" reloads.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('reloads on "Try Again" after a module failed while being evaluated', async () => {
    const reloadPage = vi.fn();
    const onRetry = vi.fn();
    const error = markModuleLoadFailure(new Error('Module top-level threw'));
    render(<ErrorScreen error={error} onRetry={onRetry} reloadPage={reloadPage} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(reloadPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('calls onRetry for ordinary errors', async () => {
    const reloadPage = vi.fn();
    const onRetry = vi.fn();
    render(
      <ErrorScreen error={new Error('Render failed')} onRetry={onRetry} reloadPage={reloadPage} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
