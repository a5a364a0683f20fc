import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from '@muster/contract/common';
import { pageCount, pageWindow, toPaged } from './pagination.ts';
import { canCancel, canRetry, isTerminal, shouldPoll } from './job-status.ts';

describe('[DOMAIN][PAGINATION]', () => {
  it('[DOMAIN]: defaults to page 1 of 20 and coerces query strings', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(pageQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({
      page: 3,
      page_size: 50,
    });
    expect(pageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('[DOMAIN]: windows and meta', () => {
    expect(pageWindow({ page: 3, page_size: 20 })).toEqual({ offset: 40, limit: 20 });
    expect(toPaged(['a'], { page: 2, page_size: 1 }, 5)).toEqual({
      results: ['a'],
      meta: { page: 2, page_size: 1, total: 5 },
    });
    expect(pageCount({ page: 1, page_size: 20, total: 0 })).toBe(1);
    expect(pageCount({ page: 1, page_size: 20, total: 41 })).toBe(3);
  });
});

describe('[DOMAIN][JOB-STATUS]', () => {
  it('[DOMAIN]: terminal, polling, cancel and retry rules', () => {
    expect(
      ['queued', 'processing', 'complete', 'failed', 'canceled'].map((s) => isTerminal(s as never)),
    ).toEqual([false, false, true, true, true]);
    expect(shouldPoll('queued')).toBe(true);
    expect(shouldPoll('complete')).toBe(false);
    expect(shouldPoll(null)).toBe(false);
    expect(canCancel('processing')).toBe(true);
    expect(canCancel('complete')).toBe(false);
    expect(canRetry('failed')).toBe(true);
    expect(canRetry('complete')).toBe(false);
  });
});
