import type { Cfile } from '@muster/contract/cfiles';

/** How often, in percent, the status line tells a screen reader how far the reading is. */
export const ANNOUNCE_STEP_PERCENT = 10;

/**
 * What the reading is doing, in words a screen reader hears as they change. The percent is
 * rounded down to a tenth, so the line changes (and is heard) at most ten times.
 */
export function statusLine(cfile: Pick<Cfile, 'status' | 'progress' | 'pages_total'>): string {
  switch (cfile.status) {
    case 'queued':
      return 'Your C-file is waiting to be read.';
    case 'processing': {
      if (cfile.pages_total === null) return 'Counting the pages of your C-file…';
      const step = Math.floor(cfile.progress / ANNOUNCE_STEP_PERCENT) * ANNOUNCE_STEP_PERCENT;
      return `Reading your C-file: ${step}% done.`;
    }
    case 'complete':
      return 'Your C-file was read.';
    case 'failed':
      return 'Your C-file could not be read.';
    case 'canceled':
      return 'Reading was stopped.';
  }
}

/** "Page 120 of 2,400 read", or that the pages are still being counted. */
export function pagesLine(cfile: Pick<Cfile, 'pages_total' | 'pages_done'>): string {
  if (cfile.pages_total === null) return 'Counting the pages…';
  return `Page ${cfile.pages_done.toLocaleString('en-US')} of ${cfile.pages_total.toLocaleString('en-US')} read`;
}

/** "3 pages were scanned images, read with text recognition (OCR)". */
export function ocrLine(pagesOcr: number): string {
  return pagesOcr === 1
    ? '1 page was a scanned image, read with text recognition (OCR).'
    : `${pagesOcr.toLocaleString('en-US')} pages were scanned images, read with text recognition (OCR).`;
}

/** The state of a file in a list, in a few words. */
export const STATUS_LABELS: Record<Cfile['status'], string> = {
  queued: 'Waiting to be read',
  processing: 'Being read',
  complete: 'Read',
  failed: 'Could not be read',
  canceled: 'Stopped',
};

/** "1 page" / "3 pages". */
export function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
