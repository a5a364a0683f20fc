import fc from 'fast-check';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi.ts';

let helvetica: PDFFont;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  helvetica = await doc.embedFont(StandardFonts.Helvetica);
});

/** Throws, as pdf-lib does when drawing, if Helvetica cannot encode a character. */
const drawable = (text: string) => helvetica.encodeText(text.replaceAll('\n', ''));

describe('toWinAnsi', () => {
  it('keeps every character Helvetica draws', () => {
    const kept = 'Plain ASCII ~!@#$%^&*()_+{}|:"<>? “curly” ‘quotes’ – en — em … €100 ™ © ® ° ½ ×';
    expect(toWinAnsi(kept)).toBe(kept);
    expect(toWinAnsi('José Müller, Łódź? Ñandú, Œuvre, Šťastný, façade, Ærø')).toBe(
      'José Müller, Lódz? Ñandú, Œuvre, Štastný, façade, Ærø',
    );
    // Every character of the font's own set comes through untouched, except the soft hyphen
    // (drawn as a visible hyphen, so dropped).
    for (const codePoint of helvetica.getCharacterSet()) {
      const char = String.fromCodePoint(codePoint);
      expect(toWinAnsi(char)).toBe(codePoint === 0xad ? '' : char);
    }
  });

  it('maps common characters outside WinAnsi to a close form', () => {
    expect(toWinAnsi('A → B ← C ⇒ D ↔ E')).toBe('A -> B <- C => D <-> E');
    expect(toWinAnsi('non\u2011breaking\u2010hyphen \u2212 5 ≤ 6 ≥ 4 ≠ 3')).toBe(
      'non-breaking-hyphen - 5 <= 6 >= 4 != 3',
    );
    expect(toWinAnsi('ﬁle Ｆｕｌｌ e\u0301 ✓ ● ⅓')).toBe('file Full é v • 1/3');
    expect(toWinAnsi('thin\u2009space zero\u200Bwidth\uFEFF narrow\u202Fnbsp')).toBe(
      'thin space zerowidth narrow\u00A0nbsp',
    );
  });

  it('replaces emoji, CJK and other scripts with one ? per character', () => {
    expect(toWinAnsi('I was fine 😀 until 👍🏽 👨‍👩‍👧 🇺🇸')).toBe('I was fine ? until ? ? ?');
    expect(toWinAnsi('漢字 and 한국어 and Ελλάδα and Москва')).toBe(
      '?? and ??? and ?????? and ??????',
    );
    expect(toWinAnsi('lone \uD83D surrogate')).toBe('lone ? surrogate');
  });

  it('keeps line breaks, turns tabs into spaces and drops control characters', () => {
    expect(toWinAnsi('a\r\nb\rc\u2028d\te\u0007f\u0000')).toBe('a\nb\nc\nd ef');
  });

  it('always gives text Helvetica can encode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(() => drawable(toWinAnsi(text))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
