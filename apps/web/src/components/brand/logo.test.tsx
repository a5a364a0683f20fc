import { readFileSync } from 'node:fs';
import path from 'node:path';

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LOGO_CHEVRONS_PATH, Logo } from './logo';

const read = (relative: string) =>
  readFileSync(path.resolve(import.meta.dirname, relative), 'utf8');

describe('Logo', () => {
  it('shows the mark and the name; compact, the name is left for screen readers', () => {
    const { container, rerender } = render(<Logo />);
    expect(screen.getByText('Muster')).toBeVisible();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Logo isCompact />);
    expect(screen.getByText('Muster')).toBeInTheDocument();
  });

  it('is the same drawing as the marketing site and the favicon', () => {
    const siteIcons = read('../../../../site/src/html/icons.ts');
    const appFavicon = read('../../../public/favicon.svg');
    expect(siteIcons).toContain(`'${LOGO_CHEVRONS_PATH}'`);
    expect(appFavicon).toContain(`d="${LOGO_CHEVRONS_PATH}"`);
    expect(appFavicon).toBe(read('../../../../site/public/favicon.svg'));
  });
});
