import { describe, expect, it } from 'vitest';

import { formatBytes } from './format-bytes';

const MB = 1024 * 1024;

describe('formatBytes', () => {
  it('counts small sizes in bytes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('uses one decimal at most and drops a whole number’s ".0"', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.34 * MB)).toBe('12.3 MB');
    expect(formatBytes(500 * MB)).toBe('500 MB');
    expect(formatBytes(10_240 * MB)).toBe('10 GB');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(formatBytes(MB - 10)).toBe('1 MB');
  });
});
