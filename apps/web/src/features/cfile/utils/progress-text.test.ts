import { describe, expect, it } from 'vitest';

import { ocrLine, pagesLine, statusLine } from './progress-text';

describe('statusLine', () => {
  it('changes only at each tenth of the reading, so a screen reader is not told every page', () => {
    const line = (progress: number) =>
      statusLine({ status: 'processing', progress, pages_total: 2_400 });
    expect(line(40)).toBe('Reading your C-file: 40% done.');
    expect(line(41)).toBe(line(40));
    expect(line(49)).toBe(line(40));
    expect(line(50)).toBe('Reading your C-file: 50% done.');
    const heard = new Set(Array.from({ length: 101 }, (_, progress) => line(progress)));
    expect(heard.size).toBe(11);
  });

  it('says when the pages are still being counted, and each end', () => {
    expect(statusLine({ status: 'processing', progress: 0, pages_total: null })).toBe(
      'Counting the pages of your C-file…',
    );
    expect(statusLine({ status: 'queued', progress: 0, pages_total: null })).toBe(
      'Your C-file is waiting to be read.',
    );
    expect(statusLine({ status: 'canceled', progress: 30, pages_total: 10 })).toBe(
      'Reading was stopped.',
    );
  });
});

describe('pagesLine and ocrLine', () => {
  it('count the pages read, and those read by OCR', () => {
    expect(pagesLine({ pages_total: 2_400, pages_done: 1_200 })).toBe('Page 1,200 of 2,400 read');
    expect(pagesLine({ pages_total: null, pages_done: 0 })).toBe('Counting the pages…');
    expect(ocrLine(1)).toBe('1 page was a scanned image, read with text recognition (OCR).');
    expect(ocrLine(12)).toBe('12 pages were scanned images, read with text recognition (OCR).');
  });
});
