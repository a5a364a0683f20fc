import {
  PDFDocument,
  type PDFFont,
  StandardFonts,
  TextAlignment,
  layoutMultilineText,
} from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Box, fitWithSuffix, linesThatFit, pourIntoBoxes } from './box-fit.ts';
import { joinLines, prepareText, textWidth, wrapText } from './text-layout.ts';
import { longStatement, wordsOf } from './test-support.ts';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

/** How pdf-lib itself lays the value out in the box: every line must sit inside it. */
function expectDrawnInside(value: string, box: Box) {
  const bounds = { x: 0, y: 0, width: box.width, height: box.height };
  const layout = layoutMultilineText(value, {
    alignment: TextAlignment.Left,
    fontSize: box.fontSize,
    font,
    bounds,
  });
  const descent =
    font.heightAtSize(box.fontSize) - font.heightAtSize(box.fontSize, { descender: false });
  for (const line of layout.lines) {
    expect(line.width).toBeLessThan(box.width);
    expect(line.y - descent).toBeGreaterThanOrEqual(0);
  }
}

describe('prepareText and wrapText', () => {
  it('normalises spaces and blank lines', () => {
    expect(prepareText('  One  two \r\n\r\n\r\n\r\nthree\t four 😀  ')).toBe(
      'One two\n\nthree four ?',
    );
  });

  it('wraps between words, each line narrower than the width, and joins back to the text', () => {
    const text = prepareText(longStatement(3_000));
    const lines = wrapText(text, font, 10, 300);
    for (const line of lines) expect(textWidth(font, line.text, 10)).toBeLessThan(300);
    expect(joinLines(lines, '')).toBe(text);
  });

  it('splits a word wider than a line, and joins it again', () => {
    const word = 'x'.repeat(200);
    const lines = wrapText(`short ${word} end`, font, 10, 100);
    expect(lines.some((line) => line.end === 'forced')).toBe(true);
    for (const line of lines) expect(textWidth(font, line.text, 10)).toBeLessThan(100);
    expect(joinLines(lines, '')).toBe(`short ${word} end`);
  });
});

describe('pourIntoBoxes', () => {
  const boxes: Box[] = [
    { width: 550, height: 286, fontSize: 10 },
    { width: 538, height: 424, fontSize: 10 },
  ];

  it('keeps short text in the first box', () => {
    const { values, rest } = pourIntoBoxes('Just a few words.', boxes, font, '(Continued.)');
    expect(values).toEqual(['Just a few words.', '']);
    expect(rest).toBe('');
  });

  it('fills the boxes in order, notes the continuation, and loses no word', () => {
    const text = prepareText(longStatement(25_000));
    const { values, rest } = pourIntoBoxes(text, boxes, font, '(Continued.)');
    expect(values[1]?.endsWith('\n\n(Continued.)')).toBe(true);
    const inBoxes = `${values[0]} ${values[1]?.replace('(Continued.)', '')}`;
    expect([...wordsOf(inBoxes), ...wordsOf(rest)]).toEqual(wordsOf(text));
    values.forEach((value, index) => {
      const box = boxes[index];
      if (!box) throw new Error('no box');
      expect(
        layoutMultilineText(value, {
          alignment: TextAlignment.Left,
          fontSize: 10,
          font,
          bounds: { x: 0, y: 0, ...box },
        }).lines.length,
      ).toBeLessThanOrEqual(linesThatFit(box, font));
      expectDrawnInside(value, box);
    });
  });
});

describe('fitWithSuffix', () => {
  const small: Box = { width: 190, height: 33, fontSize: 9 };

  it('keeps text that fits as it is', () => {
    expect(fitWithSuffix('Mortar attack', small, font, '(continued)')).toEqual({
      value: 'Mortar attack',
      complete: true,
    });
  });

  it('shows the start and the suffix when the text is too long, inside the box', () => {
    const text = prepareText(longStatement(600));
    const { value, complete } = fitWithSuffix(text, small, font, '(continued on attached page)');
    expect(complete).toBe(false);
    expect(value.endsWith('… (continued on attached page)')).toBe(true);
    expect(text.startsWith(value.split('…')[0]?.replace(/\n/g, ' ') ?? '-')).toBe(true);
    expect(linesThatFit(small, font)).toBe(3);
    expectDrawnInside(value, small);
  });
});
