import type { FileKind, StoredFile } from '@muster/contract/storage';
import { CircleAlertIcon, CircleCheckIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FocusEvent } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/utils/cn';
import { formatBytes } from '@/utils/format-bytes';

import { acceptAttribute, describeAccepted, type UploadRule } from './file-checks';
import type { PendingUpload } from './pending-upload-store';
import type { UploadDeps, UploadStatus } from './upload-runner';
import { useFileUpload, type UploadNotice } from './use-file-upload';

export type FileUploadProps = {
  /** What is uploaded: decides the accepted types and the largest size. */
  kind: FileKind;
  /** Limits of its own for an upload that is not one of the kinds (a file sent through a link). */
  rule?: UploadRule;
  /** Whether an interrupted upload is kept to resume (the default). */
  resumable?: boolean;
  /** The caller's step once the file is stored; a failure there can be retried. */
  onUploaded: (file: StoredFile, source: File) => Promise<void> | void;
  /** The picker's words. */
  pickLabel?: string;
  /** Said once the whole upload, the caller's step included, is done. */
  doneMessage?: (fileName: string) => string;
  /** Which kept upload this picker resumes; the kind unless two pickers share one kind. */
  slot?: string;
  className?: string;
  /** Parts sent at the same time. */
  concurrency?: number;
  /** Tests replace the network and the clock. */
  deps?: Partial<UploadDeps>;
};

/**
 * What a screen reader hears of the work in progress (messages are heard where they show): each
 * change of phase, and the progress in quarters.
 */
function progressAnnouncement(status: UploadStatus): string {
  switch (status.phase) {
    case 'preparing':
      return `Preparing to upload ${status.fileName}.`;
    case 'uploading':
      return `Uploading ${status.fileName}: ${Math.floor(status.percent / 25) * 25}%.`;
    case 'checking':
      return `${status.fileName} was sent. Checking the file.`;
    case 'saving':
      return `Saving ${status.fileName}.`;
    default:
      return '';
  }
}

function defaultDoneMessage(fileName: string): string {
  return `${fileName} was uploaded.`;
}

/** How far a kept upload had gone, in words. */
function keptProgress(pending: PendingUpload): string {
  const count = pending.grant.parts?.length ?? 0;
  const sent = pending.etags.length;
  return `${sent} of ${count} parts were sent`;
}

/**
 * Uploads one file of `kind`: dropped on the area or chosen with the file picker (a real file input,
 * reachable by keyboard). The type and size are checked before anything is sent, with the API's
 * words; the bar follows every byte sent; an upload can be cancelled; a part that failed can be sent
 * again alone; and a large upload interrupted by a reload resumes when the same file is picked
 * again. The API's reason for refusing a file is shown as it gave it.
 */
export function FileUpload({
  kind,
  rule,
  resumable,
  onUploaded,
  pickLabel = 'Choose a file',
  doneMessage = defaultDoneMessage,
  slot,
  className,
  concurrency,
  deps,
}: FileUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const upload = useFileUpload({
    kind,
    rule,
    resumable,
    slot,
    onUploaded,
    concurrency,
    deps,
  });
  const { status, pending, notice, canPick } = upload;
  /**
   * Whether focus is in the picker. The control that has focus goes away as the upload moves on
   * (the file input while sending, the panel after it), so the one that takes its place takes focus.
   */
  const hasFocus = useRef(false);
  const takeFocus = (node: HTMLElement | null) => {
    const active = document.activeElement;
    if (node && hasFocus.current && (active === null || active === document.body)) node.focus();
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    const left = event.target;
    // A control removed from the page keeps focus "inside"; one still there was left by choice.
    queueMicrotask(() => {
      if (left.isConnected) hasFocus.current = false;
    });
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) upload.pick(file);
  };

  return (
    <div
      className={cn('flex min-w-0 flex-col gap-3', className)}
      onFocus={() => {
        hasFocus.current = true;
      }}
      onBlur={handleBlur}
    >
      {pending && canPick ? (
        <div className="bg-muted/50 flex flex-col gap-2 rounded-md border p-3 text-sm">
          <p className="font-medium break-words">
            {`Resume your upload of “${pending.file.name}” (${formatBytes(pending.file.size)})`}
          </p>
          <p className="text-muted-foreground">
            {`It stopped before it finished: ${keptProgress(pending)}. Choose the same file again to continue where it stopped; the parts already sent are not sent again.`}
          </p>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={upload.discardPending}>
              Discard the interrupted upload
            </Button>
          </div>
        </div>
      ) : null}

      {canPick ? (
        <div
          data-dragging={isDragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={handleDrop}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
            isDragging && 'border-primary bg-accent',
          )}
        >
          <UploadIcon aria-hidden className="text-muted-foreground size-6" />
          <p>Drag and drop a file here, or</p>
          <input
            ref={takeFocus}
            id={inputId}
            type="file"
            accept={acceptAttribute(rule ?? kind)}
            aria-describedby={hintId}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that picking the same file again is seen as a new choice.
              event.target.value = '';
              if (file) upload.pick(file);
            }}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'default' }),
              'peer-focus-visible:ring-ring/50 cursor-pointer peer-focus-visible:ring-[3px]',
            )}
          >
            {pickLabel}
          </label>
          <p id={hintId} className="text-muted-foreground">
            {describeAccepted(rule ?? kind)}.
          </p>
        </div>
      ) : null}

      {isWorking(status) ? (
        <Uploading status={status} upload={upload} panelRef={takeFocus} />
      ) : null}

      {/* Messages are announced where they show; the region is always there so each is heard. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="min-w-0">
        <UploadMessage status={status} notice={notice} doneMessage={doneMessage} />
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {progressAnnouncement(status)}
      </p>
    </div>
  );
}

type WorkingStatus = Extract<
  UploadStatus,
  { phase: 'preparing' | 'uploading' | 'checking' | 'saving' | 'failed' }
>;

function isWorking(status: UploadStatus): status is WorkingStatus {
  return ['preparing', 'uploading', 'checking', 'saving', 'failed'].includes(status.phase);
}

function ErrorText({ children }: { children: string }) {
  return (
    <p className="text-destructive flex items-start gap-2 text-sm break-words">
      <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** The message of the moment: a failure, a refusal, the end of an upload, or a kept upload's fate. */
function UploadMessage({
  status,
  notice,
  doneMessage,
}: {
  status: UploadStatus;
  notice: UploadNotice | null;
  doneMessage: (fileName: string) => string;
}) {
  switch (status.phase) {
    case 'failed':
      return <ErrorText>{status.message}</ErrorText>;
    case 'refused':
      return (
        <div className="border-destructive/40 bg-destructive/5 flex flex-col gap-1 rounded-md border p-3 text-sm">
          <p className="font-medium break-words">{`We could not upload “${status.fileName}”`}</p>
          <p className="break-words">{status.message}</p>
        </div>
      );
    case 'cancelled':
      return <p className="text-muted-foreground text-sm">Upload cancelled.</p>;
    case 'done':
      return (
        <p className="flex items-start gap-2 text-sm break-words">
          <CircleCheckIcon aria-hidden className="text-primary mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{doneMessage(status.fileName)}</span>
        </p>
      );
    case 'idle':
      if (!notice) return null;
      return notice.tone === 'error' ? (
        <ErrorText>{notice.text}</ErrorText>
      ) : (
        <p className="text-sm break-words">{notice.text}</p>
      );
    default:
      return null;
  }
}

function Uploading({
  status,
  upload,
  panelRef,
}: {
  status: WorkingStatus;
  upload: ReturnType<typeof useFileUpload>;
  panelRef: (node: HTMLElement | null) => void;
}) {
  const nameId = useId();
  const hasBytes = status.phase === 'uploading' || status.phase === 'failed';
  const percent = hasBytes ? status.percent : status.phase === 'preparing' ? 0 : 100;
  const words: Record<typeof status.phase, string> = {
    preparing: 'Preparing the upload…',
    uploading: 'Uploading…',
    checking: 'Checking the file…',
    saving: 'Saving…',
    failed: 'Upload stopped',
  };
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={nameId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border p-4 text-sm outline-none"
    >
      <p id={nameId} className="font-medium break-words">
        {status.fileName}
      </p>
      <Progress value={percent} aria-label={`Upload of ${status.fileName}`} />
      <p className="text-muted-foreground">
        {hasBytes
          ? `${words[status.phase]} ${status.percent}% (${formatBytes(status.loaded)} of ${formatBytes(status.total)})`
          : words[status.phase]}
      </p>
      <div className="flex flex-wrap gap-2">
        {status.phase === 'failed' ? (
          <Button type="button" size="sm" onClick={upload.retry}>
            Retry
          </Button>
        ) : null}
        {status.phase === 'saving' ? null : (
          <Button type="button" variant="outline" size="sm" onClick={upload.cancel}>
            Cancel upload
          </Button>
        )}
      </div>
    </div>
  );
}
