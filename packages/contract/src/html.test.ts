import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('[CONTRACT] escapeHtml', () => {
  it('escapes the five characters that can break out of HTML text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>A & B</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;A &amp; B&lt;/a&gt;',
    );
  });

  it('leaves other text as it is, and escapes an ampersand only once per pass', () => {
    expect(escapeHtml('Plain text, 100% — ünïcode')).toBe('Plain text, 100% — ünïcode');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
