import { describe, expect, it } from 'vitest';

import { storageUsageText } from './storage-usage';

const MB = 1024 * 1024;

describe('storageUsageText', () => {
  it('says what is used of the plan’s cap', () => {
    expect(storageUsageText(12.34 * MB, 500 * MB)).toBe('12.3 MB of 500 MB used');
  });

  it('says only what is used when there is no cap', () => {
    expect(storageUsageText(12.34 * MB, null)).toBe('12.3 MB used');
  });
});
