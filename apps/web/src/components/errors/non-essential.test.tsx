import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { NonEssential } from './non-essential';

describe('NonEssential', () => {
  it('shows the placeholder while the code loads, then the part', async () => {
    let resolve: (module: { default: () => React.ReactNode }) => void = () => undefined;
    const Part = lazy(() => new Promise<{ default: () => React.ReactNode }>((r) => (resolve = r)));
    render(
      <>
        <p>Page</p>
        <NonEssential placeholder={<span>Loading part</span>}>
          <Part />
        </NonEssential>
      </>,
    );
    expect(screen.getByText('Loading part')).toBeInTheDocument();
    resolve({ default: () => <span>Part</span> });
    expect(await screen.findByText('Part')).toBeInTheDocument();
    expect(screen.getByText('Page')).toBeInTheDocument();
  });

  it('leaves the part out, and the page in place, when its code fails to load', async () => {
    // React reports the caught error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazy(() => Promise.reject(new Error('chunk failed')));
    render(
      <>
        <p>Page</p>
        <NonEssential placeholder={<span>Loading part</span>}>
          <Part />
        </NonEssential>
      </>,
    );
    await vi.waitFor(() => expect(screen.queryByText('Loading part')).not.toBeInTheDocument());
    expect(screen.getByText('Page')).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
