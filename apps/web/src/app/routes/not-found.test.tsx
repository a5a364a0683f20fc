import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { env } from '@/config/env';

import { NotFoundRoute } from './not-found';

function renderNotFound() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '*', Component: NotFoundRoute },
    ],
    { initialEntries: ['/missing/page'] },
  );
  render(<RouterProvider router={router} />);
  return { router };
}

const advanceOneSecond = () =>
  act(() => {
    vi.advanceTimersByTime(1000);
  });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('NotFoundRoute', () => {
  it('says the page is lost and links back to the website', () => {
    renderNotFound();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Oops! Lost in Cyberspace' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to website' })).toHaveAttribute(
      'href',
      env.SITE_URL,
    );
  });

  it('counts down 5 seconds, then goes to /', () => {
    const { router } = renderNotFound();
    const timer = screen.getByRole('timer');

    expect(timer).toHaveTextContent('5');
    expect(screen.getByText(/seconds\./)).toBeVisible();
    for (const expected of ['4', '3', '2']) {
      advanceOneSecond();
      expect(timer).toHaveTextContent(expected);
    }
    advanceOneSecond();
    expect(timer).toHaveTextContent('1');
    expect(screen.getByText(/second\./)).toBeVisible();
    expect(router.state.location.pathname).toBe('/missing/page');

    advanceOneSecond();

    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  it('lets the visitor stay on the page', () => {
    const { router } = renderNotFound();
    advanceOneSecond();

    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });

    expect(router.state.location.pathname).toBe('/missing/page');
    expect(screen.getByText('Automatic redirect stopped.')).toBeVisible();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
