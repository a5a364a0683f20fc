import { describe, expect, it } from 'vitest';
import { formatDay, usd } from './format.ts';

describe('format', () => {
  it('writes dollars with cents and a calendar day without a time zone shift', () => {
    expect(usd.format(1234.5)).toBe('$1,234.50');
    expect(formatDay('2024-12-01')).toBe('Dec 1, 2024');
  });
});
