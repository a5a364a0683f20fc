import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });

  it('follows the weights, and never sends a coding weighted 0', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseEncoding('BR ; Q=0 , *')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0.000, identity')).toBe('identity');
  });

  it('sends identity when the header is absent or empty', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
  });

  it('reads malformed headers without failing: an unreadable weight counts as a refusal', () => {
    expect(chooseEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=2')).toBe('identity');
    expect(chooseEncoding(';;;,,,=q;')).toBe('identity');
    expect(chooseEncoding('\u0000\u00ff, gzip;;q=1')).toBe('gzip');
    expect(chooseEncoding(['gzip', 'br'])).toBe('br');
  });
});
