import { describe, expect, it } from 'vitest';
import { BRANCHES, findBranch, normaliseBranch, branchBySlug } from './branches.ts';
import { isPlaceholderName, profileLastName, splitFullName } from './names.ts';

describe('[DOMAIN][NAMES]', () => {
  it('[DOMAIN]: splits on whitespace with the spec defaults', () => {
    expect(splitFullName('John Ronald Doe')).toEqual({ firstName: 'John', lastName: 'Ronald Doe' });
    expect(splitFullName('  Cher  ')).toEqual({ firstName: 'Cher', lastName: 'Tango' });
    expect(splitFullName('')).toEqual({ firstName: 'Veteran', lastName: 'Tango' });
    expect(splitFullName(null)).toEqual({ firstName: 'Veteran', lastName: 'Tango' });
    expect(splitFullName('Ana\tMaría\nLópez')).toEqual({
      firstName: 'Ana',
      lastName: 'María López',
    });
    expect(profileLastName(null)).toBe('Doe');
    expect(profileLastName('  ')).toBe('Doe');
    expect(profileLastName('Smith')).toBe('Smith');
  });

  it('[DOMAIN]: recognises the sign-up placeholder names', () => {
    expect(isPlaceholderName('Veteran', 'Tango')).toBe(true);
    expect(isPlaceholderName('Veteran', 'Doe')).toBe(true);
    expect(isPlaceholderName('Veteran', '')).toBe(true);
    expect(isPlaceholderName('Veteran', 'Smith')).toBe(false);
    expect(isPlaceholderName('Rosa', 'Tango')).toBe(false);
    expect(isPlaceholderName(undefined, undefined)).toBe(false);
  });
});

describe('[DOMAIN][BRANCHES]', () => {
  it('[DOMAIN]: normalises aliases case-insensitively', () => {
    const cases: [string, string][] = [
      ['Marines', 'Marine Corps'],
      ['USMC', 'Marine Corps'],
      ['usmc', 'Marine Corps'],
      ['USA', 'Army'],
      ['U.S. Army', 'Army'],
      ['us army', 'Army'],
      ['USN', 'Navy'],
      ['U.S. Navy', 'Navy'],
      ['USAF', 'Air Force'],
      ['USSF', 'Space Force'],
      ['USCG', 'Coast Guard'],
      ['the  Coast   Guard', 'Coast Guard'],
      ['Marine Corps', 'Marine Corps'],
      ['United States Air Force', 'Air Force'],
      ['Space force', 'Space Force'],
    ];
    for (const [input, branch] of cases) expect(normaliseBranch(input), input).toBe(branch);
  });

  it('[DOMAIN]: unknown branches are named in the error', () => {
    expect(() => normaliseBranch('Starfleet')).toThrow(
      'Starfleet is not a recognized military branch',
    );
    expect(findBranch('')).toBeNull();
  });

  it('[DOMAIN]: six branches with display names and slugs', () => {
    expect(BRANCHES.map((b) => b.displayName)).toEqual([
      'U.S. Marine Corps',
      'U.S. Army',
      'U.S. Navy',
      'U.S. Air Force',
      'U.S. Space Force',
      'U.S. Coast Guard',
    ]);
    expect(branchBySlug('marine-corps')?.id).toBe('Marine Corps');
  });
});
