import { ERR } from '@muster/contract/errors';
import type { StoredFile, UploadGrant } from '@muster/contract/storage';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-error';
import { upgradePrompt } from '@/lib/upgrade-prompt';

import {
  pendingUploadKey,
  readPendingUpload,
  writePendingUpload,
  type PendingUpload,
} from './pending-upload-store';
import { PutBytesError, type PutBytesOptions, type putBytes as realPutBytes } from './put-bytes';
import {
  CANNOT_RESUME_MESSAGE,
  EXPIRED_MESSAGE,
  UploadRunner,
  type UploadDeps,
  type UploadStatus,
} from './upload-runner';

const FILE_ID = '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01';
const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const LATER = '2026-11-25T13:00:00.000Z';
const KEY = pendingUploadKey('user-1', 'document');
const partUrl = (n: number) => `https://storage.test/part/${n}`;

function fileOf(size: number, name = 'c-file.pdf', type = 'application/pdf') {
  return new File([new Uint8Array(size).fill(7)], name, { type, lastModified: 1000 });
}

function multipartGrant(size: number, partSize: number, expiresAt = LATER): UploadGrant {
  return {
    file_id: FILE_ID,
    method: 'multipart',
    headers: {},
    part_size: partSize,
    parts: Array.from({ length: Math.ceil(size / partSize) }, (_, index) => ({
      part_number: index + 1,
      url: partUrl(index + 1),
    })),
    expires_at: expiresAt,
  };
}

const SINGLE_GRANT: UploadGrant = {
  file_id: FILE_ID,
  method: 'single',
  url: 'https://storage.test/whole',
  headers: { 'content-type': 'application/pdf' },
  expires_at: LATER,
};

function storedFile(overrides: Partial<StoredFile> = {}): StoredFile {
  return {
    id: FILE_ID,
    kind: 'document',
    filename: 'c-file.pdf',
    content_type: 'application/pdf',
    size: 10,
    status: 'ready',
    rejection_reason: null,
    created_at: '2026-11-25T12:00:00.000Z',
    ...overrides,
  };
}

type PutCall = PutBytesOptions & { size: number };

/**
 * Storage behind `putBytes`: each PUT reports its progress in two steps and answers its part's
 * ETag, unless the test says to fail or to hold it.
 */
function fakeStorage() {
  const calls: PutCall[] = [];
  const failures = new Map<string, Error>();
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  const putBytes = vi.fn<typeof realPutBytes>(async (options: PutBytesOptions) => {
    calls.push({ ...options, size: options.body.size });
    const failure = failures.get(options.url);
    if (failure) {
      failures.delete(options.url);
      throw failure;
    }
    options.onProgress?.(Math.floor(options.body.size / 2));
    if (holding.has(options.url)) {
      await new Promise<void>((resolve, reject) => {
        held.set(options.url, resolve);
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason as Error));
      });
    }
    options.onProgress?.(options.body.size);
    return { etag: `"etag-${options.url.split('/').pop() ?? ''}"` };
  });
  return {
    putBytes,
    calls,
    sentUrls: () => calls.map((call) => call.url),
    failOnce(url: string, error: Error = new PutBytesError(0, 'The connection was lost.')) {
      failures.set(url, error);
    },
    hold(url: string) {
      holding.add(url);
    },
    release(url: string) {
      holding.delete(url);
      held.get(url)?.();
    },
  };
}

function setup(
  options: {
    grant?: UploadGrant;
    deps?: Partial<UploadDeps>;
    concurrency?: number;
  } = {},
) {
  const storage = fakeStorage();
  const deps = {
    createUpload: vi.fn(async () => options.grant ?? SINGLE_GRANT),
    completeUpload: vi.fn(async () => storedFile()),
    getUpload: vi.fn(async () => storedFile({ status: 'pending' })),
    cancelUpload: vi.fn(async () => undefined),
    putBytes: storage.putBytes,
    now: () => NOW,
    ...options.deps,
  };
  const runner = new UploadRunner({
    kind: 'document',
    storageKey: KEY,
    concurrency: options.concurrency ?? 1,
    deps,
  });
  const seen: UploadStatus[] = [];
  runner.subscribe(() => seen.push(runner.getStatus()));
  const onUploaded = vi.fn(async () => undefined);
  return { runner, deps, storage, seen, onUploaded };
}

describe('a single upload', () => {
  it('asks for a grant, PUTs the whole file with the grant’s headers, finishes, then hands over', async () => {
    const { runner, deps, storage, seen, onUploaded } = setup();
    const file = fileOf(10);
    await runner.start(file, onUploaded);

    expect(deps.createUpload).toHaveBeenCalledWith({
      kind: 'document',
      filename: 'c-file.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    expect(storage.calls).toHaveLength(1);
    expect(storage.calls[0]).toMatchObject({
      url: 'https://storage.test/whole',
      size: 10,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(deps.completeUpload).toHaveBeenCalledWith(FILE_ID, {});
    expect(onUploaded).toHaveBeenCalledWith(storedFile(), file);
    expect(runner.getStatus()).toEqual({
      phase: 'done',
      fileName: 'c-file.pdf',
      file: storedFile(),
    });
    expect(seen.map((status) => status.phase)).toEqual([
      'preparing',
      'uploading',
      'uploading',
      'uploading',
      'uploading',
      'checking',
      'saving',
      'done',
    ]);
    // A single upload cannot resume: nothing is kept.
    expect(readPendingUpload(KEY)).toBeNull();
  });

  it('refuses a file the kind does not take before asking the API', async () => {
    const { runner, deps, onUploaded } = setup();
    await runner.start(fileOf(10, 'archive.zip', 'application/zip'), onUploaded);
    expect(deps.createUpload).not.toHaveBeenCalled();
    expect(runner.getStatus()).toMatchObject({
      phase: 'refused',
      message: expect.stringMatching(/^document files must be one of: application\/pdf/) as unknown,
    });
  });

  it('opens the upgrade dialog when the storage is full', async () => {
    const quota = new ApiError({
      status: 403,
      code: ERR.FORBIDDEN,
      detail: 'vault storage quota reached',
      quota: { feature: 'vault_storage_mb', used: 499, limit: 500, resets_at: LATER },
    });
    const { runner, onUploaded } = setup({
      deps: { createUpload: vi.fn(() => Promise.reject(quota)) },
    });
    await runner.start(fileOf(10), onUploaded);
    expect(upgradePrompt.get()).toMatchObject({
      text: expect.stringMatching(/^vault storage quota reached/) as unknown,
      feature: 'vault_storage_mb',
    });
    expect(runner.getStatus()).toMatchObject({
      phase: 'refused',
      message: expect.stringMatching(/^Your storage is full/) as unknown,
    });
  });

  it('shows the API’s reason when finishing refuses the file', async () => {
    const reason =
      "The file's content is image/png, but it was sent as application/pdf. Check the file and upload it again.";
    const { runner, onUploaded } = setup({
      deps: {
        completeUpload: vi.fn(() =>
          Promise.reject(new ApiError({ status: 400, code: ERR.INVALID_FORMAT, detail: reason })),
        ),
      },
    });
    await runner.start(fileOf(10), onUploaded);
    expect(runner.getStatus()).toEqual({
      phase: 'refused',
      fileName: 'c-file.pdf',
      message: reason,
    });
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('counts an upload already finished (its answer lost) as done', async () => {
    const { runner, onUploaded } = setup({
      deps: {
        completeUpload: vi.fn(() =>
          Promise.reject(
            new ApiError({
              status: 409,
              code: ERR.INVALID_STATE,
              detail: 'upload is already ready',
            }),
          ),
        ),
        getUpload: vi.fn(async () => storedFile()),
      },
    });
    await runner.start(fileOf(10), onUploaded);
    expect(runner.getStatus().phase).toBe('done');
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('retries only the caller’s step when that failed after the file was stored', async () => {
    const { runner, deps, storage, onUploaded } = setup();
    onUploaded.mockRejectedValueOnce(
      new ApiError({ status: 409, code: ERR.CONFLICT, detail: 'upload is already filed' }),
    );
    await runner.start(fileOf(10), onUploaded);
    expect(runner.getStatus()).toMatchObject({
      phase: 'failed',
      message: 'The file was uploaded, but it could not be saved: upload is already filed',
    });
    await runner.retry();
    expect(runner.getStatus().phase).toBe('done');
    expect(storage.calls).toHaveLength(1);
    expect(deps.completeUpload).toHaveBeenCalledTimes(1);
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });
});

describe('a multipart upload', () => {
  it('sends each part, reports progress over the whole file, and finishes with every ETag', async () => {
    const { runner, deps, storage, seen, onUploaded } = setup({ grant: multipartGrant(10, 4) });
    await runner.start(fileOf(10), onUploaded);

    expect(storage.calls.map((call) => [call.url, call.size])).toEqual([
      [partUrl(1), 4],
      [partUrl(2), 4],
      [partUrl(3), 2],
    ]);
    const percents = seen.flatMap((status) =>
      status.phase === 'uploading' ? [status.percent] : [],
    );
    // Half of part 1, all of it, half of part 2 (4 + 2 of 10 bytes) …
    expect(percents).toEqual([0, 20, 40, 40, 60, 80, 80, 90, 100, 100]);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(deps.completeUpload).toHaveBeenCalledWith(FILE_ID, {
      parts: [
        { part_number: 1, etag: '"etag-1"' },
        { part_number: 2, etag: '"etag-2"' },
        { part_number: 3, etag: '"etag-3"' },
      ],
    });
    expect(runner.getStatus().phase).toBe('done');
    // Finished: nothing left to resume.
    expect(readPendingUpload(KEY)).toBeNull();
  });

  it('keeps the grant and each finished part’s ETag while it goes', async () => {
    const { runner, storage, onUploaded } = setup({ grant: multipartGrant(10, 4) });
    storage.hold(partUrl(2));
    const running = runner.start(fileOf(10), onUploaded);
    await vi.waitFor(() => expect(storage.calls).toHaveLength(2));

    const kept = readPendingUpload(KEY);
    expect(kept).toMatchObject({
      file_id: FILE_ID,
      kind: 'document',
      content_type: 'application/pdf',
      file: { name: 'c-file.pdf', size: 10, lastModified: 1000 },
      etags: [{ part_number: 1, etag: '"etag-1"' }],
    });
    expect(kept?.grant.parts).toHaveLength(3);

    storage.release(partUrl(2));
    await running;
    expect(runner.getStatus().phase).toBe('done');
  });

  it('sends again only the part that failed', async () => {
    const { runner, deps, storage, onUploaded } = setup({
      grant: multipartGrant(10, 4),
      concurrency: 3,
    });
    storage.failOnce(partUrl(2));
    await runner.start(fileOf(10), onUploaded);

    expect(runner.getStatus()).toMatchObject({
      phase: 'failed',
      message: 'Part 2 of 3 could not be sent: The connection was lost.',
      failedParts: [2],
      loaded: 6,
      percent: 60,
    });
    expect(deps.completeUpload).not.toHaveBeenCalled();
    expect(readPendingUpload(KEY)?.etags.map((part) => part.part_number)).toEqual([1, 3]);

    await runner.retry();
    expect(storage.sentUrls()).toEqual([partUrl(1), partUrl(2), partUrl(3), partUrl(2)]);
    expect(deps.completeUpload).toHaveBeenCalledTimes(1);
    expect(runner.getStatus().phase).toBe('done');
  });

  it('counts a part without an ETag (storage hid it) as failed', async () => {
    const { runner, storage, onUploaded } = setup({ grant: multipartGrant(4, 4) });
    storage.putBytes.mockResolvedValueOnce({ etag: null });
    await runner.start(fileOf(4), onUploaded);
    expect(runner.getStatus()).toMatchObject({
      phase: 'failed',
      message: 'The file could not be sent: Storage did not confirm the part (no ETag).',
    });
  });

  it('cancels: the PUTs stop, the API drops the upload and nothing is kept', async () => {
    const { runner, deps, storage, onUploaded } = setup({ grant: multipartGrant(10, 4) });
    storage.hold(partUrl(1));
    const running = runner.start(fileOf(10), onUploaded);
    await vi.waitFor(() => expect(storage.calls).toHaveLength(1));

    await runner.cancel();
    await running;
    expect(storage.calls[0]?.signal?.aborted).toBe(true);
    expect(storage.calls).toHaveLength(1);
    expect(deps.cancelUpload).toHaveBeenCalledWith(FILE_ID);
    expect(deps.completeUpload).not.toHaveBeenCalled();
    expect(readPendingUpload(KEY)).toBeNull();
    expect(runner.getStatus()).toEqual({ phase: 'cancelled', fileName: 'c-file.pdf' });
  });
});

describe('resuming after a reload', () => {
  function kept(overrides: Partial<PendingUpload> = {}): PendingUpload {
    const grant = multipartGrant(10, 4);
    return {
      version: 1,
      file_id: FILE_ID,
      kind: 'document',
      content_type: 'application/pdf',
      grant,
      file: { name: 'c-file.pdf', size: 10, lastModified: 1000 },
      etags: [{ part_number: 1, etag: '"kept-1"' }],
      ...overrides,
    };
  }

  it('skips the parts already stored and finishes with their kept ETags', async () => {
    const { runner, deps, storage, onUploaded } = setup();
    writePendingUpload(KEY, kept());
    await runner.resume(fileOf(10), kept(), onUploaded);

    expect(deps.getUpload).toHaveBeenCalledWith(FILE_ID);
    expect(deps.createUpload).not.toHaveBeenCalled();
    expect(storage.sentUrls()).toEqual([partUrl(2), partUrl(3)]);
    expect(deps.completeUpload).toHaveBeenCalledWith(FILE_ID, {
      parts: [
        { part_number: 1, etag: '"kept-1"' },
        { part_number: 2, etag: '"etag-2"' },
        { part_number: 3, etag: '"etag-3"' },
      ],
    });
    expect(runner.getStatus().phase).toBe('done');
    expect(readPendingUpload(KEY)).toBeNull();
  });

  it('drops an upload whose links expired, and says so', async () => {
    const { runner, deps, storage, onUploaded } = setup();
    const expired = kept({
      grant: multipartGrant(10, 4, '2026-11-25T11:00:00.000Z'),
    });
    writePendingUpload(KEY, expired);
    await runner.resume(fileOf(10), expired, onUploaded);

    expect(runner.getStatus()).toEqual({
      phase: 'refused',
      fileName: 'c-file.pdf',
      message: EXPIRED_MESSAGE,
    });
    expect(storage.calls).toHaveLength(0);
    expect(deps.cancelUpload).toHaveBeenCalledWith(FILE_ID);
    expect(readPendingUpload(KEY)).toBeNull();
  });

  it('drops an upload the API no longer holds as pending', async () => {
    const { runner, storage, onUploaded } = setup({
      deps: {
        getUpload: vi.fn(() => Promise.reject(new ApiError({ status: 404, code: ERR.NOT_FOUND }))),
      },
    });
    writePendingUpload(KEY, kept());
    await runner.resume(fileOf(10), kept(), onUploaded);
    expect(runner.getStatus()).toMatchObject({ phase: 'refused', message: CANNOT_RESUME_MESSAGE });
    expect(storage.calls).toHaveLength(0);
    expect(readPendingUpload(KEY)).toBeNull();
  });
});
