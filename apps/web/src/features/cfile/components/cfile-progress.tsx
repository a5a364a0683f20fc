import type { Cfile } from '@muster/contract/cfiles';
import { CircleAlertIcon, CircleCheckIcon, CircleSlashIcon, LoaderCircleIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { useCancelCfile } from '../api/cancel-cfile';
import { isReading } from '../api/get-cfile';
import { cfileHref } from '../utils/cfile-href';
import { ocrLine, pagesLine, statusLine } from '../utils/progress-text';

function StatusIcon({ status }: { status: Cfile['status'] }) {
  switch (status) {
    case 'queued':
    case 'processing':
      return (
        <LoaderCircleIcon
          className="size-5 shrink-0 animate-spin motion-reduce:animate-none"
          aria-hidden
        />
      );
    case 'complete':
      return (
        <CircleCheckIcon
          className="size-5 shrink-0 text-green-700 dark:text-green-400"
          aria-hidden
        />
      );
    case 'failed':
      return <CircleAlertIcon className="text-destructive size-5 shrink-0" aria-hidden />;
    case 'canceled':
      return <CircleSlashIcon className="text-muted-foreground size-5 shrink-0" aria-hidden />;
  }
}

/**
 * The reading of one C-file as it happens: the bar, the pages read and those read by OCR, and a
 * way to stop it (after a confirmation); then the way to what was found, or why it failed and
 * what to try instead. The status line is heard at each tenth, not at every page.
 */
export function CfileProgress({ cfile }: { cfile: Cfile }) {
  const cancel = useCancelCfile();
  const [isConfirming, setIsConfirming] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const reading = isReading(cfile);

  const confirmCancel = () => {
    cancel.mutate(cfile.id, {
      onSuccess: () => {
        setIsConfirming(false);
        toastFeedback('success', 'Reading stopped', {
          description: `${cfile.filename} is no longer being read.`,
        });
      },
    });
  };

  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      className="bg-card text-card-foreground flex min-w-0 flex-col gap-4 rounded-lg border p-4 outline-none"
    >
      <p className="font-medium break-all">{cfile.filename}</p>
      <div className="flex items-center gap-2">
        <StatusIcon status={cfile.status} />
        <p role="status" aria-live="polite" aria-atomic="true" className="font-medium">
          {statusLine(cfile)}
        </p>
      </div>

      {reading ? (
        <>
          <div className="flex items-center gap-3">
            <Progress value={cfile.progress} aria-label="Reading progress" />
            <span className="text-muted-foreground shrink-0 text-sm tabular-nums" aria-hidden>
              {`${cfile.progress}%`}
            </span>
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <p>{pagesLine(cfile)}</p>
            {cfile.pages_total === null ? null : (
              <p className="text-muted-foreground">{ocrLine(cfile.pages_ocr)}</p>
            )}
          </div>
          <p className="text-muted-foreground max-w-prose text-sm">
            Pages with a text layer take a moment each; scanned pages are read with text recognition
            (OCR), which takes a few seconds a page, so a large file can take an hour or more. You
            can leave this page: the reading goes on, and your C-file page shows when it is done.
          </p>
          <div>
            <Button type="button" variant="outline" onClick={() => setIsConfirming(true)}>
              Cancel reading
            </Button>
          </div>
        </>
      ) : null}

      {cfile.status === 'complete' ? (
        <>
          <p className="text-sm">
            {`${pagesLine(cfile)}. `}
            {cfile.pages_ocr > 0 ? ocrLine(cfile.pages_ocr) : null}
          </p>
          <div>
            <Button asChild>
              <Link to={cfileHref('complete', cfile.id)}>See what was found</Link>
            </Button>
          </div>
        </>
      ) : null}

      {cfile.status === 'failed' ? (
        <>
          <p className="text-sm">
            {cfile.error ?? 'Something went wrong while your C-file was read.'}
          </p>
          <div>
            <Button asChild variant="outline">
              <Link to={paths.cfile.home.getHref()}>Try another file</Link>
            </Button>
          </div>
        </>
      ) : null}

      {cfile.status === 'canceled' ? (
        <>
          <p className="text-sm">
            Reading stopped before the end. To see what your C-file holds, upload it again.
          </p>
          <div>
            <Button asChild variant="outline">
              <Link to={paths.cfile.home.getHref()}>Upload a C-file</Link>
            </Button>
          </div>
        </>
      ) : null}

      <AlertDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!cancel.isPending) setIsConfirming(open);
        }}
      >
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // The Cancel button is gone once reading stops: focus goes to the panel instead.
            if (reading) return;
            event.preventDefault();
            panelRef.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Stop reading this C-file?</AlertDialogTitle>
            <AlertDialogDescription>
              Muster stops reading it now, and nothing is found in it. To see what it holds later,
              you will need to upload it again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={cancel.isPending}>Keep reading</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              onClick={confirmCancel}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Stopping…' : 'Stop reading'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
