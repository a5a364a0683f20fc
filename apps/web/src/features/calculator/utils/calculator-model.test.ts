import { describe, expect, it } from 'vitest';

import {
  NO_DEPENDANTS,
  RATE_YEARS,
  effectiveDateOf,
  hasDependants,
  householdOf,
  toEntries,
} from './calculator-model';

describe('calculator model', () => {
  it('counts Aid and Attendance for a spouse only when there is a spouse', () => {
    const aidWithoutSpouse = { ...NO_DEPENDANTS, spouseAidAttendance: true };
    expect(householdOf(aidWithoutSpouse).spouse_aid_attendance).toBe(false);
    expect(householdOf({ ...aidWithoutSpouse, spouse: true }).spouse_aid_attendance).toBe(true);
  });

  it('has dependants with a spouse, a child, a school child or a parent, not otherwise', () => {
    expect(hasDependants(NO_DEPENDANTS)).toBe(false);
    expect(hasDependants({ ...NO_DEPENDANTS, spouseAidAttendance: true })).toBe(false);
    expect(hasDependants({ ...NO_DEPENDANTS, spouse: true })).toBe(true);
    expect(hasDependants({ ...NO_DEPENDANTS, childrenUnder18: 1 })).toBe(true);
    expect(hasDependants({ ...NO_DEPENDANTS, schoolChildren: 1 })).toBe(true);
    expect(hasDependants({ ...NO_DEPENDANTS, parents: 1 })).toBe(true);
  });

  it('gives each rate year its effective date, and none for a year without a table', () => {
    for (const entry of RATE_YEARS) expect(effectiveDateOf(entry.year)).toBe(entry.effective_date);
    expect(effectiveDateOf(1900)).toBe('');
  });

  it('passes a limb only for rows that name one', () => {
    expect(
      toEntries([
        { key: 1, percent: 30, limb: '' },
        { key: 2, percent: 20, limb: 'left-arm' },
      ]),
    ).toEqual([{ percent: 30 }, { percent: 20, limb: 'left-arm' }]);
  });
});
