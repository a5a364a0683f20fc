import { describe, expect, it } from 'vitest';

import {
  clearPendingUpload,
  etagsOf,
  pendingUploadKey,
  readPendingUpload,
  withEtags,
  writePendingUpload,
  type PendingUpload,
} from './pending-upload-store';

const RECORD: PendingUpload = {
  version: 1,
  file_id: '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01',
  kind: 'document',
  content_type: 'application/pdf',
  grant: {
    file_id: '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01',
    method: 'multipart',
    headers: {},
    part_size: 4,
    parts: [
      { part_number: 1, url: 'https://storage.test/1' },
      { part_number: 2, url: 'https://storage.test/2' },
    ],
    expires_at: '2026-11-25T13:00:00.000Z',
  },
  file: { name: 'c-file.pdf', size: 8, lastModified: 1000 },
  etags: [],
};

describe('the kept upload', () => {
  it('is kept per user and slot, and read back as written', () => {
    const key = pendingUploadKey('user-1', 'document');
    expect(key).toBe('muster:pending-upload:user-1:document');
    expect(readPendingUpload(key)).toBeNull();
    writePendingUpload(key, RECORD);
    expect(readPendingUpload(key)).toEqual(RECORD);
    expect(readPendingUpload(pendingUploadKey('user-2', 'document'))).toBeNull();
    clearPendingUpload(key);
    expect(readPendingUpload(key)).toBeNull();
  });

  it('drops a record that no longer reads as one', () => {
    const key = pendingUploadKey('user-1', 'document');
    window.localStorage.setItem(key, '{not json');
    expect(readPendingUpload(key)).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
    window.localStorage.setItem(key, JSON.stringify({ ...RECORD, version: 2 }));
    expect(readPendingUpload(key)).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('keeps the ETags of finished parts in part order', () => {
    const updated = withEtags(RECORD, { 2: '"b"', 1: '"a"' });
    expect(updated.etags).toEqual([
      { part_number: 1, etag: '"a"' },
      { part_number: 2, etag: '"b"' },
    ]);
    expect(etagsOf(updated)).toEqual({ 1: '"a"', 2: '"b"' });
  });
});
