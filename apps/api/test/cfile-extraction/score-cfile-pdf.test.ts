import { describe, expect, it } from 'vitest';
import { MIN_SCORE, formatScore, scoreCfilePdf } from './score-cfile-pdf.ts';

describe('reading a generated C-file PDF', () => {
  it(
    `finds its medications and conditions with precision and recall of at least ${MIN_SCORE}, scans included`,
    async () => {
      const result = await scoreCfilePdf();
      console.log(formatScore(result));
      expect(result.scannedPages).toBe(8);
      expect(result.sources.ocr).toBe(result.scannedPages);
      for (const row of result.rows) {
        expect
          .soft(row.read.precision, `${row.label}: precision`)
          .toBeGreaterThanOrEqual(MIN_SCORE);
        expect.soft(row.read.recall, `${row.label}: recall`).toBeGreaterThanOrEqual(MIN_SCORE);
      }
    },
    // OCR of the eight scans takes 10 to 25 s on a quiet machine.
    180_000,
  );
});
