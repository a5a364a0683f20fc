import { describe, expect, it } from 'vitest';
import { formatDay, inSentence, usd } from './format.ts';

describe('format', () => {
  it('writes dollars with cents and a calendar day without a time zone shift', () => {
    expect(usd.format(1234.5)).toBe('$1,234.50');
    expect(formatDay('2024-12-01')).toBe('Dec 1, 2024');
  });

  it('writes a condition’s name as it reads inside a sentence', () => {
    expect(inSentence('Left knee strain')).toBe('left knee strain');
    expect(inSentence(' Tinnitus ')).toBe('tinnitus');
    expect(inSentence('PTSD with insomnia')).toBe('PTSD with insomnia');
    expect(inSentence('Crohn’s disease')).toBe('Crohn’s disease');
    expect(inSentence("Parkinson's disease")).toBe("Parkinson's disease");
    expect(inSentence('lumbosacral strain')).toBe('lumbosacral strain');
  });
});
