import { ERR } from '@muster/contract/errors';
import type { FileKind, StoredFile, UploadGrant } from '@muster/contract/storage';

import { getErrorMessage, toApiError, type ApiError } from '@/lib/api-error';
import { opensUpgradePrompt, toastError } from '@/lib/toast';

import { checkFile, contentTypeOf, type UploadRule } from './file-checks';
import {
  clearPendingUpload,
  etagsOf,
  withEtags,
  writePendingUpload,
  type PendingUpload,
} from './pending-upload-store';
import { PutBytesError, putBytes } from './put-bytes';
import { cancelUpload, completeUpload, createUpload, getUpload } from './upload-api';
import {
  aggregateProgress,
  isGrantExpired,
  planParts,
  remainingParts,
  type PartPlan,
  type UploadProgress,
} from './upload-plan';

/**
 * One upload from the picked file to a stored file, as a small state machine the upload component
 * renders: the grant (`POST /uploads`), the bytes (one PUT, or parts sent a few at a time), the
 * finish (`POST /uploads/{id}/complete`), then the caller's own step (`onUploaded`). A part that
 * fails leaves the others going; "retry" sends only what has no ETag yet. A multipart upload is kept
 * in localStorage as it goes, so after a reload the same file can pick up where it stopped.
 */

export type UploadStatus =
  | { phase: 'idle' }
  | { phase: 'preparing'; fileName: string }
  | ({ phase: 'uploading'; fileName: string; partCount: number } & UploadProgress)
  | { phase: 'checking'; fileName: string }
  | { phase: 'saving'; fileName: string }
  /** Something can be tried again: parts not sent, the finish or the caller's step. */
  | ({
      phase: 'failed';
      fileName: string;
      message: string;
      partCount: number;
      failedParts: number[];
    } & UploadProgress)
  /** Refused for good (a wrong type, a full storage, an expired link): pick a file again. */
  | { phase: 'refused'; fileName: string; message: string }
  | { phase: 'done'; fileName: string; file: StoredFile }
  | { phase: 'cancelled'; fileName: string };

export type UploadPhase = UploadStatus['phase'];

/** What the runner calls; tests replace them. */
export type UploadDeps = {
  createUpload: typeof createUpload;
  completeUpload: typeof completeUpload;
  getUpload: typeof getUpload;
  cancelUpload: typeof cancelUpload;
  putBytes: typeof putBytes;
  now: () => number;
};

/** The caller's step once the file is stored (e.g. filing it as a vault document). */
export type OnUploaded = (file: StoredFile, source: File) => Promise<void> | void;

export type UploadRunnerOptions = {
  kind: FileKind;
  /** Limits of its own for an upload that is not one of the kinds (checked instead of the kind's). */
  rule?: UploadRule;
  /** Where an unfinished multipart upload is kept for resuming; null keeps nothing. */
  storageKey: string | null;
  /** Parts sent at the same time. */
  concurrency?: number;
  deps?: Partial<UploadDeps>;
};

export const EXPIRED_MESSAGE =
  'The upload links expired before the file was sent. Upload the file again.';
export const CANNOT_RESUME_MESSAGE =
  'The interrupted upload can no longer be resumed. Upload the file again.';
const STORAGE_FULL_MESSAGE =
  'Your storage is full: this file would take you past your plan’s storage limit.';

const DEFAULT_DEPS: UploadDeps = {
  createUpload,
  completeUpload,
  getUpload,
  cancelUpload,
  putBytes,
  now: () => Date.now(),
};

/** Phases during which the runner is working and a new file must wait. */
const BUSY_PHASES: ReadonlySet<UploadPhase> = new Set([
  'preparing',
  'uploading',
  'checking',
  'saving',
]);

/** Whether the runner is working in `status` (a new file must wait). */
export function isBusyStatus(status: UploadStatus): boolean {
  return BUSY_PHASES.has(status.phase);
}

type Session = {
  file: File;
  onUploaded: OnUploaded;
  fileId: string;
  grant: UploadGrant;
  parts: PartPlan[];
  etags: Record<number, string>;
  /** Bytes sent so far of the parts on their way. */
  sending: Map<number, number>;
  controller: AbortController;
  /** The kept record of a multipart upload (null: single, or not kept). */
  record: PendingUpload | null;
  stored: StoredFile | null;
};

/** "Part 2 of 5", "Parts 2 and 4 of 5". */
function partsLabel(failed: readonly number[], count: number): string {
  if (failed.length === 1) return `Part ${failed[0] ?? ''} of ${count}`;
  const list = `${failed.slice(0, -1).join(', ')} and ${failed.at(-1) ?? ''}`;
  return `Parts ${list} of ${count}`;
}

/** A refusal's own reason (the API's detail) when it gave one, else its message. */
function reasonOf(error: ApiError): string {
  return error.detail && error.isClientError ? error.detail : error.message;
}

/** The reason `POST /uploads` refused, in words the veteran can act on. */
function grantRefusal(error: ApiError): string {
  if (error.quota?.feature === 'vault_storage_mb') return STORAGE_FULL_MESSAGE;
  return reasonOf(error);
}

/** Whether trying the finish again could help: no answer, a server fault or too many requests. */
function isTransient(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.code === ERR.RATE_LIMITED;
}

export class UploadRunner {
  private status: UploadStatus = { phase: 'idle' };
  private session: Session | null = null;
  /** Bumped by every new start, cancel and reset: late answers of an older run are ignored. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly deps: UploadDeps;

  constructor(private readonly options: UploadRunnerOptions) {
    this.deps = { ...DEFAULT_DEPS, ...options.deps };
  }

  getStatus = (): UploadStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isBusy(): boolean {
    return isBusyStatus(this.status);
  }

  /** Uploads `file` from the start; `onUploaded` runs once it is stored. */
  async start(file: File, onUploaded: OnUploaded): Promise<void> {
    if (this.isBusy()) return;
    const generation = ++this.generation;
    const problem = checkFile(file, this.options.rule ?? this.options.kind);
    if (problem) {
      this.set({ phase: 'refused', fileName: file.name, message: problem });
      return;
    }
    this.set({ phase: 'preparing', fileName: file.name });
    const contentType = contentTypeOf(file);
    let grant: UploadGrant;
    try {
      grant = await this.deps.createUpload({
        kind: this.options.kind,
        filename: file.name,
        content_type: contentType,
        size: file.size,
      });
    } catch (error) {
      if (generation !== this.generation) return;
      const apiError = toApiError(error);
      // A full storage (or another refusal of the plan) offers the upgrade as well.
      if (opensUpgradePrompt(apiError)) toastError(apiError);
      this.set({ phase: 'refused', fileName: file.name, message: grantRefusal(apiError) });
      return;
    }
    if (generation !== this.generation) {
      // Cancelled while the grant was on its way: nothing may be left behind.
      void this.deps.cancelUpload(grant.file_id).catch(() => undefined);
      return;
    }
    let parts: PartPlan[];
    try {
      parts = planParts(file.size, grant);
    } catch {
      void this.deps.cancelUpload(grant.file_id).catch(() => undefined);
      this.set({
        phase: 'refused',
        fileName: file.name,
        message: 'The upload could not be prepared. Try again.',
      });
      return;
    }
    const record: PendingUpload | null =
      grant.method === 'multipart' && this.options.storageKey
        ? {
            version: 1,
            file_id: grant.file_id,
            kind: this.options.kind,
            content_type: contentType,
            grant,
            file: { name: file.name, size: file.size, lastModified: file.lastModified },
            etags: [],
          }
        : null;
    this.session = this.newSession(file, onUploaded, grant, parts, {}, record);
    this.persist(this.session);
    await this.send(this.session, generation);
  }

  /**
   * Continues a kept multipart upload with the same file picked again (the caller has matched it):
   * finished parts are skipped. An upload whose links expired, or that the API no longer holds as
   * pending, cannot continue.
   */
  async resume(file: File, record: PendingUpload, onUploaded: OnUploaded): Promise<void> {
    if (this.isBusy()) return;
    const generation = ++this.generation;
    if (isGrantExpired(record.grant.expires_at, this.deps.now())) {
      this.discard(record.file_id, file.name, EXPIRED_MESSAGE);
      return;
    }
    this.set({ phase: 'preparing', fileName: file.name });
    let isPending = false;
    try {
      isPending = (await this.deps.getUpload(record.file_id)).status === 'pending';
    } catch (error) {
      if (generation !== this.generation) return;
      const apiError = toApiError(error);
      if (isTransient(apiError)) {
        // The record stays: the same file can be picked again once the connection is back.
        this.set({ phase: 'refused', fileName: file.name, message: apiError.message });
        return;
      }
    }
    if (generation !== this.generation) return;
    if (!isPending) {
      this.discard(record.file_id, file.name, CANNOT_RESUME_MESSAGE);
      return;
    }
    let parts: PartPlan[];
    try {
      parts = planParts(file.size, record.grant);
    } catch {
      this.discard(record.file_id, file.name, CANNOT_RESUME_MESSAGE);
      return;
    }
    this.session = this.newSession(file, onUploaded, record.grant, parts, etagsOf(record), record);
    await this.send(this.session, generation);
  }

  /**
   * Tries again what failed: the parts without an ETag, then the finish, or the caller's step
   * (`onUploaded`, when given, replaces the one the upload started with).
   */
  async retry(onUploaded?: OnUploaded): Promise<void> {
    const session = this.session;
    if (this.status.phase !== 'failed' || !session) return;
    const generation = ++this.generation;
    session.controller = new AbortController();
    if (onUploaded) session.onUploaded = onUploaded;
    if (session.stored) await this.finish(session, session.stored, generation);
    else await this.send(session, generation);
  }

  /** Stops sending, and tells the API to drop the upload (whatever of it is stored). */
  async cancel(): Promise<void> {
    const session = this.session;
    const fileName = 'fileName' in this.status ? this.status.fileName : '';
    this.generation += 1;
    this.session = null;
    if (this.options.storageKey) clearPendingUpload(this.options.storageKey);
    this.set({ phase: 'cancelled', fileName });
    if (!session) return;
    session.controller.abort();
    // Best effort: an upload left pending is swept by the API later anyway.
    await this.deps.cancelUpload(session.fileId).catch(() => undefined);
  }

  /** Back to choosing a file once a run has ended (done, refused, cancelled). */
  reset(): void {
    if (this.isBusy() || this.status.phase === 'failed') return;
    this.generation += 1;
    this.set({ phase: 'idle' });
  }

  /**
   * The component is going away: PUTs on their way stop. A multipart upload stays kept and can be
   * resumed; a single one cannot, so it is cancelled.
   */
  dispose(): void {
    const session = this.session;
    this.generation += 1;
    this.session = null;
    if (!session) return;
    session.controller.abort();
    if (!session.record && !session.stored) {
      void this.deps.cancelUpload(session.fileId).catch(() => undefined);
    }
  }

  private newSession(
    file: File,
    onUploaded: OnUploaded,
    grant: UploadGrant,
    parts: PartPlan[],
    etags: Record<number, string>,
    record: PendingUpload | null,
  ): Session {
    return {
      file,
      onUploaded,
      fileId: grant.file_id,
      grant,
      parts,
      etags,
      sending: new Map(),
      controller: new AbortController(),
      record,
      stored: null,
    };
  }

  /** Drops a kept upload that cannot continue, and says why. */
  private discard(fileId: string, fileName: string, message: string) {
    if (this.options.storageKey) clearPendingUpload(this.options.storageKey);
    this.session = null;
    void this.deps.cancelUpload(fileId).catch(() => undefined);
    this.set({ phase: 'refused', fileName, message });
  }

  private persist(session: Session) {
    if (!session.record || !this.options.storageKey) return;
    session.record = withEtags(session.record, session.etags);
    writePendingUpload(this.options.storageKey, session.record);
  }

  private showProgress(session: Session, generation: number) {
    if (generation !== this.generation) return;
    this.set({
      phase: 'uploading',
      fileName: session.file.name,
      partCount: session.parts.length,
      ...aggregateProgress(session.parts, session.etags, session.sending),
    });
  }

  /** Sends every part without an ETag, a few at a time; then finishes, or reports what failed. */
  private async send(session: Session, generation: number): Promise<void> {
    const { signal } = session.controller;
    // Read through a function: the signal changes while a part is awaited.
    const isAborted = () => signal.aborted;
    const queue = remainingParts(session.parts, session.etags);
    // Finishing needs no link; sending does.
    if (queue.length > 0 && isGrantExpired(session.grant.expires_at, this.deps.now())) {
      this.discard(session.fileId, session.file.name, EXPIRED_MESSAGE);
      return;
    }
    const failures: { partNumber: number; message: string }[] = [];
    this.showProgress(session, generation);

    const sendNext = async (): Promise<void> => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        if (signal.aborted) return;
        const { partNumber } = part;
        try {
          const { etag } = await this.deps.putBytes({
            url: part.url,
            body: session.file.slice(part.start, part.end),
            headers: session.grant.headers,
            signal,
            onProgress: (loaded) => {
              session.sending.set(partNumber, loaded);
              this.showProgress(session, generation);
            },
          });
          if (session.grant.method === 'multipart' && !etag) {
            throw new PutBytesError(0, 'Storage did not confirm the part (no ETag).');
          }
          session.etags[partNumber] = etag ?? 'stored';
          session.sending.delete(partNumber);
          this.persist(session);
          this.showProgress(session, generation);
        } catch (error) {
          // A cancel or a new run aborted it: not a failure of the part.
          if (isAborted()) return;
          session.sending.delete(partNumber);
          failures.push({ partNumber, message: getErrorMessage(error) });
        }
      }
    };
    const workers = Math.max(1, Math.min(this.options.concurrency ?? 3, queue.length));
    await Promise.all(Array.from({ length: workers }, sendNext));
    if (generation !== this.generation || signal.aborted) return;

    if (failures.length > 0) {
      const failedParts = failures.map((failure) => failure.partNumber).sort((a, b) => a - b);
      const reason = failures[0]?.message ?? '';
      const what =
        session.parts.length > 1
          ? `${partsLabel(failedParts, session.parts.length)} could not be sent`
          : 'The file could not be sent';
      this.set({
        phase: 'failed',
        fileName: session.file.name,
        message: `${what}: ${reason}`,
        partCount: session.parts.length,
        failedParts,
        ...aggregateProgress(session.parts, session.etags, session.sending),
      });
      return;
    }
    await this.complete(session, generation);
  }

  /** Asks the API to finish: the content is read there, and the answer says why it is refused. */
  private async complete(session: Session, generation: number): Promise<void> {
    const fileName = session.file.name;
    this.set({ phase: 'checking', fileName });
    let stored: StoredFile;
    try {
      stored = await this.deps.completeUpload(
        session.fileId,
        session.grant.method === 'multipart'
          ? {
              parts: session.parts.map((part) => ({
                part_number: part.partNumber,
                etag: session.etags[part.partNumber] ?? '',
              })),
            }
          : {},
      );
    } catch (error) {
      if (generation !== this.generation) return;
      const apiError = toApiError(error);
      if (isTransient(apiError)) {
        this.set({
          phase: 'failed',
          fileName,
          message: `The file was sent, but finishing the upload failed: ${apiError.message}`,
          partCount: session.parts.length,
          failedParts: [],
          ...aggregateProgress(session.parts, session.etags, session.sending),
        });
        return;
      }
      const settled = await this.settledUpload(session.fileId, apiError);
      if (generation !== this.generation) return;
      if (settled.status !== 'ready') {
        if (this.options.storageKey) clearPendingUpload(this.options.storageKey);
        this.session = null;
        this.set({ phase: 'refused', fileName, message: settled.message });
        return;
      }
      stored = settled.file;
    }
    if (generation !== this.generation) return;
    if (this.options.storageKey && session.record) clearPendingUpload(this.options.storageKey);
    session.record = null;
    session.stored = stored;
    await this.finish(session, stored, generation);
  }

  /**
   * What became of an upload whose finish was refused: "already ready" (an earlier finish went
   * through although its answer was lost) counts as done; otherwise the refusal's reason.
   */
  private async settledUpload(
    fileId: string,
    error: ApiError,
  ): Promise<{ status: 'ready'; file: StoredFile } | { status: 'refused'; message: string }> {
    const refusal = error.detail ?? error.message;
    if (error.code !== ERR.INVALID_STATE && error.code !== ERR.CONFLICT) {
      return { status: 'refused', message: refusal };
    }
    try {
      const file = await this.deps.getUpload(fileId);
      if (file.status === 'ready') return { status: 'ready', file };
      return { status: 'refused', message: file.rejection_reason ?? refusal };
    } catch {
      return { status: 'refused', message: refusal };
    }
  }

  /** The caller's step; a failure there can be tried again without sending the file again. */
  private async finish(session: Session, stored: StoredFile, generation: number): Promise<void> {
    const fileName = session.file.name;
    this.set({ phase: 'saving', fileName });
    try {
      await session.onUploaded(stored, session.file);
    } catch (error) {
      if (generation !== this.generation) return;
      this.set({
        phase: 'failed',
        fileName,
        message: `The file was uploaded, but it could not be saved: ${reasonOf(toApiError(error))}`,
        partCount: session.parts.length,
        failedParts: [],
        loaded: session.file.size,
        total: session.file.size,
        percent: 100,
      });
      return;
    }
    if (generation !== this.generation) return;
    this.session = null;
    this.set({ phase: 'done', fileName, file: stored });
  }

  private set(status: UploadStatus) {
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }
}
