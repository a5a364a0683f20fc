import type { FileKind, StoredFile } from '@muster/contract/storage';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

import { useCurrentUser } from '@/lib/use-auth';
import { formatBytes } from '@/utils/format-bytes';

import {
  clearPendingUpload,
  pendingUploadKey,
  readPendingUpload,
  type PendingUpload,
} from './pending-upload-store';
import type { UploadRule } from './file-checks';
import { cancelUpload } from './upload-api';
import { isGrantExpired, isSameFile } from './upload-plan';
import { UploadRunner, isBusyStatus, type UploadDeps, type UploadStatus } from './upload-runner';

export type UseFileUploadOptions = {
  kind: FileKind;
  /** Limits of its own for an upload that is not one of the kinds. */
  rule?: UploadRule;
  /**
   * Whether an interrupted upload is kept to resume (the default). Uploads through a link are not:
   * resuming asks the owner's upload routes, which the person with the link cannot reach.
   */
  resumable?: boolean;
  /** Which kept upload this picker resumes; the kind unless two pickers share one kind. */
  slot?: string;
  onUploaded: (file: StoredFile, source: File) => Promise<void> | void;
  concurrency?: number;
  /** Tests replace the network and the clock. */
  deps?: Partial<UploadDeps>;
};

/** A message about the kept upload, shown next to the picker. */
export type UploadNotice = { tone: 'info' | 'error'; text: string };

/** The upload kept from an earlier visit, for the picker's storage key. */
type Kept = {
  key: string | null;
  /** Resumable with the same file. */
  pending: PendingUpload | null;
  /** Its links expired: dropped, with a message. */
  expired: PendingUpload | null;
  notice: UploadNotice | null;
};

function readKept(key: string | null, clock: () => number): Kept {
  const record = key ? readPendingUpload(key) : null;
  if (!record) return { key, pending: null, expired: null, notice: null };
  if (!isGrantExpired(record.grant.expires_at, clock())) {
    return { key, pending: record, expired: null, notice: null };
  }
  return {
    key,
    pending: null,
    expired: record,
    notice: {
      tone: 'error',
      text: `The interrupted upload of “${record.file.name}” can no longer be resumed: its upload links have expired. Upload the file again.`,
    },
  };
}

/**
 * The upload runner for one picker, and the upload kept from an earlier visit: picking the same
 * file (same name, size and change time) resumes it; another file is refused with a word on what
 * to pick; an expired one is dropped with a message.
 */
export function useFileUpload({
  kind,
  rule,
  resumable = true,
  slot = kind,
  onUploaded,
  concurrency,
  deps,
}: UseFileUploadOptions) {
  const user = useCurrentUser();
  const storageKey = user && resumable ? pendingUploadKey(user.id, slot) : null;
  const runner = useMemo(
    () => new UploadRunner({ kind, rule, storageKey, concurrency, deps }),
    // `deps` is for tests and fixed for the picker's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, storageKey, concurrency],
  );
  useEffect(() => () => runner.dispose(), [runner]);
  const status: UploadStatus = useSyncExternalStore(
    runner.subscribe,
    runner.getStatus,
    runner.getStatus,
  );

  const clock = deps?.now ?? Date.now;
  const [kept, setKept] = useState(() => readKept(storageKey, clock));
  // The user (and so the key) can become known after the first render: read what they kept then.
  if (kept.key !== storageKey) setKept(readKept(storageKey, clock));
  const { pending, notice, expired } = kept;
  const setNotice = (next: UploadNotice | null) =>
    setKept((current) => ({ ...current, notice: next }));

  // An expired upload is dropped here and at the API (its parts are of no use any more).
  useEffect(() => {
    if (!expired || !storageKey) return;
    clearPendingUpload(storageKey);
    // Best effort: the API sweeps abandoned uploads anyway.
    void (deps?.cancelUpload ?? cancelUpload)(expired.file_id).catch(() => undefined);
  }, [expired, storageKey, deps?.cancelUpload]);

  const canPick = !isBusyStatus(status) && status.phase !== 'failed';

  /** A file was picked or dropped: resume the kept upload with it, or start a new one. */
  const pick = (file: File) => {
    if (!canPick) return;
    if (pending) {
      if (!isSameFile(pending.file, file)) {
        setNotice({
          tone: 'error',
          text: `“${file.name}” is not the file whose upload was interrupted. Choose “${pending.file.name}” (${formatBytes(pending.file.size)}) to continue, or discard the interrupted upload to upload another file.`,
        });
        return;
      }
      setKept((current) => ({ ...current, pending: null, notice: null }));
      void runner.resume(file, pending, onUploaded);
      return;
    }
    setNotice(null);
    void runner.start(file, onUploaded);
  };

  /** Drops the kept upload, here and at the API. */
  const discardPending = () => {
    if (!pending) return;
    if (storageKey) clearPendingUpload(storageKey);
    void (deps?.cancelUpload ?? cancelUpload)(pending.file_id).catch(() => undefined);
    setKept((current) => ({
      ...current,
      pending: null,
      notice: { tone: 'info', text: 'The interrupted upload was discarded.' },
    }));
  };

  return {
    status,
    pending,
    notice,
    canPick,
    pick,
    discardPending,
    retry: () => void runner.retry(onUploaded),
    cancel: () => void runner.cancel(),
  };
}
