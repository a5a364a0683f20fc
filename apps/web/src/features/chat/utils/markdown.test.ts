import { describe, expect, it } from 'vitest';

import { parseMarkdown, safeHref, type Block } from './markdown';
import { timed } from '@muster/domain/processor-time';

const text = (value: string) => ({ type: 'text', text: value }) as const;
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children }) as Block;

describe('blocks', () => {
  it('reads paragraphs, keeping single line breaks', () => {
    expect(parseMarkdown('First line\nsecond line\n\nNext paragraph')).toEqual([
      paragraph(text('First line'), { type: 'break' }, text('second line')),
      paragraph(text('Next paragraph')),
    ]);
  });

  it('reads block quotes, with blocks inside', () => {
    expect(parseMarkdown('> Quoted **rule**\n> - one\n> - two\n\nAfter')).toEqual([
      {
        type: 'blockquote',
        children: [
          paragraph(text('Quoted '), { type: 'strong', children: [text('rule')] }),
          {
            type: 'list',
            ordered: false,
            start: 1,
            items: [[paragraph(text('one'))], [paragraph(text('two'))]],
          },
        ],
      },
      paragraph(text('After')),
    ]);
  });

  it('reads bulleted and numbered lists, nested by indentation, and loose items', () => {
    expect(
      parseMarkdown('3. Third\n4. Fourth\n   - inner a\n   - inner b\n\n5. Fifth\n\nDone'),
    ).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [paragraph(text('Third'))],
          [
            paragraph(text('Fourth')),
            {
              type: 'list',
              ordered: false,
              start: 1,
              items: [[paragraph(text('inner a'))], [paragraph(text('inner b'))]],
            },
          ],
          [paragraph(text('Fifth'))],
        ],
      },
      paragraph(text('Done')),
    ]);
  });

  it('does not start a list from a sentence that begins with a year', () => {
    expect(parseMarkdown('I filed in\n2019. Then I waited')).toEqual([
      paragraph(text('I filed in'), { type: 'break' }, text('2019. Then I waited')),
    ]);
  });

  it('shows headings as bold lines, and reads fenced code and rules', () => {
    expect(parseMarkdown('## Next steps\n```\n<b>kept</b>\n```\n---')).toEqual([
      { type: 'heading', children: [text('Next steps')] },
      { type: 'code', text: '<b>kept</b>' },
      { type: 'rule' },
    ]);
  });

  it('keeps HTML as text, never as markup', () => {
    expect(parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toEqual([
      paragraph(text('<script>alert(1)</script> <img src=x onerror=alert(1)>')),
    ]);
  });
});

describe('inline', () => {
  it('reads bold, italic and code, and escapes', () => {
    expect(parseMarkdown('**Bold** and __bold__, *it* and _it_, `a*b*c`, \\*not\\*')).toEqual([
      paragraph(
        { type: 'strong', children: [text('Bold')] },
        text(' and '),
        { type: 'strong', children: [text('bold')] },
        text(', '),
        { type: 'emphasis', children: [text('it')] },
        text(' and '),
        { type: 'emphasis', children: [text('it')] },
        text(', '),
        { type: 'code', text: 'a*b*c' },
        text(', *not*'),
      ),
    ]);
  });

  it('leaves unmatched or spaced markers and words with underscores alone', () => {
    expect(parseMarkdown('2 * 3 * 4, snake_case_name, **open')).toEqual([
      paragraph(text('2 * 3 * 4, snake_case_name, **open')),
    ]);
  });

  it('links http(s) addresses only; other links keep their text', () => {
    expect(
      parseMarkdown(
        '[VA](https://www.va.gov/disability/) [bad](javascript:alert(1)) [data](data:text/html,x) [rel](/profile) [mail](mailto:a@b.c)',
      ),
    ).toEqual([
      paragraph(
        {
          type: 'link',
          href: 'https://www.va.gov/disability/',
          children: [text('VA')],
        },
        text(' bad data rel mail'),
      ),
    ]);
  });

  it('does not link javascript: however it is written', () => {
    for (const url of [
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:x',
      'vbscript:x',
    ]) {
      expect(safeHref(url)).toBeNull();
    }
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('HTTPS://www.va.gov')).toBe('https://www.va.gov/');
  });

  it('links bare and angle-bracket addresses, leaving sentence punctuation out', () => {
    expect(
      parseMarkdown('See https://www.va.gov/find-locations. Or <https://988lifeline.org>'),
    ).toEqual([
      paragraph(
        text('See '),
        {
          type: 'link',
          href: 'https://www.va.gov/find-locations',
          children: [text('https://www.va.gov/find-locations')],
        },
        text('. Or '),
        {
          type: 'link',
          href: 'https://988lifeline.org/',
          children: [text('https://988lifeline.org')],
        },
      ),
    ]);
  });

  it('stays quick on a long run of unmatched markers', () => {
    // Processor time, not the clock: a busy test machine cannot fail it, runaway parsing would.
    const { cpuSeconds } = timed(() =>
      parseMarkdown(`${'*'.repeat(8000)}\n${'_a'.repeat(4000)}\n${'['.repeat(4000)}`),
    );
    expect(cpuSeconds).toBeLessThan(1);
  });

  it('reads deep nesting as text instead of recursing without end', () => {
    const deep = `${'> '.repeat(50)}deep`;
    expect(JSON.stringify(parseMarkdown(deep))).toContain('deep');
  });
});
