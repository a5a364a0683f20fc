import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';

import { UPDATE_MESSAGE } from '@/lib/toast';

import { UpdateNotice } from './update-notice';

describe('UpdateNotice', () => {
  it('shows one persistent toast with "Refresh Now" when the index page changes', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const answers = ['etag:1', 'etag:2'];
    const getSignature = vi.fn(() => Promise.resolve(answers.shift() ?? 'etag:2'));
    render(
      <>
        <Toaster />
        <UpdateNotice getSignature={getSignature} />
      </>,
    );
    // The second check happens when the tab becomes visible again.
    await vi.waitFor(() => expect(getSignature).toHaveBeenCalledTimes(1));
    document.dispatchEvent(new Event('visibilitychange'));

    expect(await screen.findByText(UPDATE_MESSAGE)).toBeVisible();
    expect(UPDATE_MESSAGE).toBe('A new update is available! Refresh to get the latest features.');
    // A plain click: Sonner's swipe handling needs pointer capture, which jsdom lacks.
    screen.getByRole('button', { name: 'Refresh Now' }).click();
    expect(reload).toHaveBeenCalled();
  });
});
