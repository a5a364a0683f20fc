import { MULTIPART_PART_BYTES } from '@muster/contract/storage';
import { describe, expect, it } from 'vitest';

import {
  GRANT_EXPIRY_MARGIN_MS,
  UploadPlanError,
  aggregateProgress,
  isGrantExpired,
  isSameFile,
  planParts,
  remainingParts,
} from './upload-plan';

const MB = 1024 * 1024;
const partUrl = (n: number) => `https://storage.test/part/${n}`;

function multipartGrant(size: number, partSize = MULTIPART_PART_BYTES) {
  const count = Math.ceil(size / partSize);
  return {
    method: 'multipart' as const,
    part_size: partSize,
    parts: Array.from({ length: count }, (_, index) => ({
      part_number: index + 1,
      url: partUrl(index + 1),
    })),
  };
}

describe('planParts', () => {
  it('sends a single upload whole to its URL', () => {
    expect(planParts(1234, { method: 'single', url: 'https://storage.test/one' })).toEqual([
      { partNumber: 1, start: 0, end: 1234, url: 'https://storage.test/one' },
    ]);
  });

  it('cuts a 70 MB file into 16 MB parts, the last one shorter', () => {
    const size = 70 * MB;
    const parts = planParts(size, multipartGrant(size));
    expect(parts).toHaveLength(5);
    expect(parts.map((part) => part.end - part.start)).toEqual([
      16 * MB,
      16 * MB,
      16 * MB,
      16 * MB,
      6 * MB,
    ]);
    expect(parts[1]).toEqual({ partNumber: 2, start: 16 * MB, end: 32 * MB, url: partUrl(2) });
    expect(parts.at(-1)?.end).toBe(size);
  });

  it('puts the grant’s parts in order whatever order they came in', () => {
    const grant = multipartGrant(10, 4);
    grant.parts.reverse();
    expect(planParts(10, grant).map((part) => [part.partNumber, part.start, part.end])).toEqual([
      [1, 0, 4],
      [2, 4, 8],
      [3, 8, 10],
    ]);
  });

  it('refuses a grant that does not fit the file', () => {
    expect(() => planParts(10, { ...multipartGrant(10, 4), part_size: 5 })).toThrow(
      UploadPlanError,
    );
    expect(() => planParts(10, { method: 'multipart', part_size: 4, parts: [] })).toThrow(
      UploadPlanError,
    );
    expect(() => planParts(10, { method: 'single' })).toThrow(UploadPlanError);
  });
});

describe('remainingParts', () => {
  it('leaves out the parts that have an ETag', () => {
    const parts = planParts(10, multipartGrant(10, 4));
    expect(remainingParts(parts, { 1: '"a"', 3: '"c"' }).map((part) => part.partNumber)).toEqual([
      2,
    ]);
    expect(remainingParts(parts, {})).toHaveLength(3);
  });
});

describe('aggregateProgress', () => {
  const parts = planParts(10, multipartGrant(10, 4));

  it('counts finished parts in full and the bytes sent of parts on their way', () => {
    expect(aggregateProgress(parts, { 1: '"a"' }, new Map([[2, 2]]))).toEqual({
      loaded: 6,
      total: 10,
      percent: 60,
    });
  });

  it('never counts more than a part holds, nor less than nothing', () => {
    expect(
      aggregateProgress(
        parts,
        {},
        new Map([
          [1, 99],
          [2, -5],
        ]),
      ).loaded,
    ).toBe(4);
  });

  it('reaches 100% only when every part is finished', () => {
    const big = planParts(1000, multipartGrant(1000, 400));
    const almost = aggregateProgress(big, { 1: '"a"', 2: '"b"' }, new Map([[3, 199]]));
    expect(almost.percent).toBe(99);
    expect(aggregateProgress(big, { 1: '"a"', 2: '"b"', 3: '"c"' }, new Map()).percent).toBe(100);
  });
});

describe('isSameFile', () => {
  const kept = { name: 'c-file.pdf', size: 70 * MB, lastModified: 1_700_000_000_000 };

  it('matches on name, size and change time', () => {
    expect(isSameFile(kept, { ...kept })).toBe(true);
    expect(isSameFile(kept, { ...kept, name: 'other.pdf' })).toBe(false);
    expect(isSameFile(kept, { ...kept, size: kept.size - 1 })).toBe(false);
    expect(isSameFile(kept, { ...kept, lastModified: kept.lastModified + 1 })).toBe(false);
  });
});

describe('isGrantExpired', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  it('says a grant whose time has passed is expired', () => {
    expect(isGrantExpired('2026-11-25T11:59:00.000Z', now)).toBe(true);
  });

  it('counts a grant about to expire as expired, so no part starts on a dying link', () => {
    const soon = new Date(now + GRANT_EXPIRY_MARGIN_MS - 1000).toISOString();
    const later = new Date(now + GRANT_EXPIRY_MARGIN_MS + 1000).toISOString();
    expect(isGrantExpired(soon, now)).toBe(true);
    expect(isGrantExpired(later, now)).toBe(false);
  });

  it('treats an unreadable expiry as expired', () => {
    expect(isGrantExpired('not a date', now)).toBe(true);
  });
});
