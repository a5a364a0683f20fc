import { render, screen } from '@testing-library/react';
import { InboxIcon } from 'lucide-react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows its title, sentence and a link to the next step', () => {
    render(
      <MemoryRouter>
        <EmptyState
          icon={InboxIcon}
          title="Nothing here"
          action={{ label: 'Add one', href: '/new' }}
        >
          You have not added anything yet.
        </EmptyState>
      </MemoryRouter>,
    );
    expect(screen.getByText('Nothing here')).toBeVisible();
    expect(screen.getByText('You have not added anything yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add one' })).toHaveAttribute('href', '/new');
  });

  it('takes any element as the action, and focus when given a ref', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <EmptyState
        icon={InboxIcon}
        size="compact"
        ref={ref}
        action={<button type="button">Retry</button>}
      >
        Nothing yet.
      </EmptyState>,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    ref.current?.focus();
    expect(ref.current).toHaveFocus();
    expect(ref.current).toHaveTextContent('Nothing yet.');
  });
});
