import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Markdown } from './markdown';

describe('<Markdown>', () => {
  it('renders the subset: paragraphs, bold, lists, quotes and safe links', () => {
    const { container } = render(
      <Markdown
        text={
          'Tinnitus is rated **10%**.\n\n> 38 CFR 4.87\n\n1. File\n2. Wait\n\n- one\n- two\n\n[VA](https://www.va.gov)'
        }
      />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('10%');
    expect(container.querySelector('blockquote')).toHaveTextContent('38 CFR 4.87');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'File',
      'Wait',
      'one',
      'two',
    ]);
    const link = screen.getByRole('link', { name: /^VA ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://www.va.gov/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('lets no HTML through: tags show as text and make no elements', () => {
    const html =
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil.test"></iframe>';
    const { container } = render(<Markdown text={`${html}\n\n**${html}**\n\n> ${html}`} />);
    for (const tag of ['img', 'script', 'iframe', 'a']) {
      expect(container.querySelector(tag)).toBeNull();
    }
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent(html);
  });

  it('drops javascript: and other non-http links, keeping their text', () => {
    const { container } = render(
      <Markdown text="[click](javascript:alert(document.cookie)) [file](file:///etc/passwd) [ok](http://example.com)" />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'http://example.com/');
    expect(container).toHaveTextContent('click file ok');
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.innerHTML).not.toContain('file:');
  });
});
