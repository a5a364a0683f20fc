import { describe, expect, it } from 'vitest';

import { colorDifference, contrastRatio, deltaE2000, hexToLab } from './color';

describe('hexToLab', () => {
  it('converts sRGB to CIE Lab (D65)', () => {
    const white = hexToLab('#ffffff');
    expect(white[0]).toBeCloseTo(100, 2);
    expect(white[1]).toBeCloseTo(0, 2);
    expect(white[2]).toBeCloseTo(0, 2);
    const red = hexToLab('#ff0000');
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(red[2]).toBeCloseTo(67.2, 1);
    expect(hexToLab('#000')).toEqual([0, 0, 0]);
  });
});

describe('deltaE2000', () => {
  // Reference pairs from Sharma, Wu and Dalal's CIEDE2000 test data.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ] as const)('%j vs %j is %d', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
    expect(deltaE2000(b, a)).toBeCloseTo(expected, 4);
  });

  it('is 0 for the same colour and large for opposites', () => {
    expect(colorDifference('#465826', '#465826')).toBe(0);
    expect(colorDifference('#000000', '#ffffff')).toBeCloseTo(100, 0);
  });
});

describe('contrastRatio', () => {
  it('is symmetric and 21 for black on white', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#465826', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#465826'));
  });
});
