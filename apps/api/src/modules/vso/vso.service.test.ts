import { describe, expect, it } from 'vitest';
import { shortenIp } from './vso.service.ts';

describe('shortenIp', () => {
  it('keeps the network of an address, never the address', () => {
    expect(shortenIp('203.0.113.77')).toBe('203.0.113.0');
    expect(shortenIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(shortenIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(shortenIp('2001:db8::1')).toBe('2001:db8::');
    expect(shortenIp('::1')).toBe('0::');
    expect(shortenIp(undefined)).toBeNull();
    expect(shortenIp('not an address')).toBeNull();
  });
});
