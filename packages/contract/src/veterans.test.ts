import { describe, expect, it } from 'vitest';
import { ADDRESS_STATE_CODES, STATE_LIST, stateName } from './us-states.ts';
import {
  addressInputSchema,
  isIssuableSsn,
  latestPastDate,
  latestSeparationDate,
  pastDateSchema,
  phoneDigits,
  servicePeriodInputSchema,
  ssnDigits,
  vaFileNumberOf,
} from './veterans.ts';

describe('[CONTRACT][VETERANS]', () => {
  it('[CONTRACT][VETERANS]: SSNs are 9 digits as typed, from the ranges the SSA issues', () => {
    expect(ssnDigits('123-45-6789')).toBe('123456789');
    expect(ssnDigits(' 123 45 6789 ')).toBe('123456789');
    expect(ssnDigits('12345678')).toBeNull();
    expect(ssnDigits('123-45-678a')).toBeNull();
    expect(isIssuableSsn('123456789')).toBe(true);
    for (const never of [
      '000123456',
      '666123456',
      '900123456',
      '999123456',
      '123004567',
      '123450000',
    ]) {
      expect(isIssuableSsn(never), never).toBe(false);
    }
  });

  it('[CONTRACT][VETERANS]: VA file numbers and phone numbers are normalised or refused', () => {
    expect(vaFileNumberOf('c 2345-6789')).toBe('C23456789');
    expect(vaFileNumberOf('1234567')).toBe('1234567');
    expect(vaFileNumberOf('123456')).toBeNull();
    expect(vaFileNumberOf('CC1234567')).toBeNull();
    expect(phoneDigits('+1 (512) 555-0142')).toBe('5125550142');
    expect(phoneDigits('512.555.0142')).toBe('5125550142');
    expect(phoneDigits('2 512 555 0142')).toBeNull();
    expect(phoneDigits('555-0142')).toBeNull();
  });

  it('[CONTRACT][VETERANS]: today anywhere is accepted; the day after is the future', () => {
    const noonUtc = new Date('2024-06-10T12:00:00Z');
    // At noon UTC it is already 11 June in UTC+14.
    expect(latestPastDate(noonUtc)).toBe('2024-06-11');
    expect(latestPastDate(new Date('2024-06-10T09:59:59Z'))).toBe('2024-06-10');
    expect(pastDateSchema.safeParse(latestPastDate()).success).toBe(true);
    const tomorrowEverywhere = new Date(Date.parse(`${latestPastDate()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(pastDateSchema.safeParse(tomorrowEverywhere).success).toBe(false);
    expect(pastDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(pastDateSchema.safeParse('1899-12-31').success).toBe(false);
    expect(pastDateSchema.safeParse('2023-02-29').success).toBe(false);
    expect(pastDateSchema.safeParse('2024-02-29').success).toBe(true);
  });

  it('[CONTRACT][VETERANS]: service periods run forward and have a discharge only once ended', () => {
    const base = { branch: 'Army', start_date: '2000-01-01' };
    expect(servicePeriodInputSchema.parse(base)).toEqual({ ...base, component: 'active' });
    expect(servicePeriodInputSchema.safeParse({ ...base, end_date: '2000-01-01' }).success).toBe(
      true,
    );
    const backwards = servicePeriodInputSchema.safeParse({ ...base, end_date: '1999-12-31' });
    expect(backwards.error?.issues.map((i) => i.path.join('.'))).toEqual(['end_date']);
    const early = servicePeriodInputSchema.safeParse({
      ...base,
      character_of_discharge: 'honorable',
    });
    expect(early.error?.issues.map((i) => i.path.join('.'))).toEqual(['character_of_discharge']);
  });

  it('[CONTRACT][VETERANS]: a service period may end up to a year ahead (a planned separation)', () => {
    const base = { branch: 'Army', start_date: '2020-01-01' };
    const ahead = latestSeparationDate();
    expect(servicePeriodInputSchema.safeParse({ ...base, end_date: ahead }).success).toBe(true);
    const tooFar = new Date(Date.parse(`${ahead}T00:00:00Z`) + 2 * 24 * 3600 * 1000)
      .toISOString()
      .slice(0, 10);
    const refused = servicePeriodInputSchema.safeParse({ ...base, end_date: tooFar });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Must be no more than a year from today (a planned separation date)',
    ]);
    // A start, a birth or a deployment still cannot be in the future.
    expect(servicePeriodInputSchema.safeParse({ ...base, start_date: ahead }).success).toBe(false);
  });

  it('[CONTRACT][VETERANS]: military mail pairs APO/FPO/DPO with AA/AE/AP, both ways', () => {
    const address = { line1: 'Unit 1 Box 2', city: 'FPO', state: 'AP', zip_code: '96349' };
    expect(addressInputSchema.safeParse(address).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...address, city: ' dpo ' }).success).toBe(true);
    const wrongState = addressInputSchema.safeParse({ ...address, state: 'CA' });
    expect(wrongState.error?.issues.map((i) => i.path.join('.'))).toEqual(['state']);
    const wrongCity = addressInputSchema.safeParse({ ...address, city: 'Naples' });
    expect(wrongCity.error?.issues.map((i) => i.path.join('.'))).toEqual(['city']);
  });

  it('[CONTRACT][VETERANS]: address states are VA’s 64 codes; the display list adds the Trust Territories', () => {
    expect(ADDRESS_STATE_CODES).toHaveLength(64);
    expect(new Set(ADDRESS_STATE_CODES).size).toBe(64);
    expect(ADDRESS_STATE_CODES).toEqual(expect.arrayContaining(['AA', 'AE', 'AP', 'PR', 'GU']));
    expect(ADDRESS_STATE_CODES).not.toContain('TT');
    // 50 states, DC, American Samoa, Guam, Northern Mariana Islands, Puerto Rico, Trust
    // Territories and the Virgin Islands.
    expect(STATE_LIST).toHaveLength(57);
    expect(STATE_LIST).toContainEqual({ longName: 'Trust Territories', shortName: 'TT' });
    expect(STATE_LIST).toContainEqual({ longName: 'District of Columbia', shortName: 'DC' });
    expect(STATE_LIST.map((s) => s.shortName)).not.toContain('AE');
    expect(stateName('TT')).toBe('Trust Territories');
    expect(stateName('AE')).toBe('Armed Forces Europe (AE)');
    expect(stateName('TX')).toBe('Texas');
    expect(stateName('ZZ')).toBe('ZZ');
  });
});
