import type { DecisionLetter } from '@muster/contract/decision-letters';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';

/** What the reading is doing, in words a screen reader hears as it changes. */
function statusLine(letter: DecisionLetter): string {
  switch (letter.status) {
    case 'queued':
      return 'Your letter is waiting to be read.';
    case 'processing':
      // The percent is on the progress bar: the status line changes, and is heard, only when the
      // state does.
      return 'Reading your letter…';
    case 'complete':
      return letter.decisions.length === 1
        ? 'Your letter was read: 1 decision found.'
        : `Your letter was read: ${letter.decisions.length} decisions found.`;
    case 'failed':
      return 'Your letter could not be read.';
  }
}

/**
 * The reading of one letter as it happens: waiting, reading (with progress; scanned pages take
 * longer), done (on to the results) or failed (why, and what to try instead).
 */
export function LetterStatus({ letter }: { letter: DecisionLetter }) {
  const isReading = letter.status === 'queued' || letter.status === 'processing';
  return (
    <div className="bg-card text-card-foreground flex min-w-0 flex-col gap-4 rounded-lg border p-4">
      <div className="flex items-center gap-2">
        {isReading ? (
          <LoaderCircleIcon
            className="size-5 animate-spin motion-reduce:animate-none"
            aria-hidden
          />
        ) : null}
        {letter.status === 'complete' ? (
          <CircleCheckIcon className="size-5 text-green-700 dark:text-green-400" aria-hidden />
        ) : null}
        {letter.status === 'failed' ? (
          <CircleAlertIcon className="text-destructive size-5" aria-hidden />
        ) : null}
        <p role="status" aria-live="polite" className="font-medium">
          {statusLine(letter)}
        </p>
      </div>
      {isReading ? (
        <>
          <div className="flex items-center gap-3">
            <Progress value={letter.progress} aria-label="Reading progress" />
            <span className="text-muted-foreground shrink-0 text-sm tabular-nums" aria-hidden>
              {`${letter.progress}%`}
            </span>
          </div>
          <p className="text-muted-foreground text-sm">
            A PDF from VA.gov takes seconds. Scanned pages and photos are read with text
            recognition, about a few seconds a page. You can leave this page: the reading goes on,
            and your letters list shows when it is done.
          </p>
        </>
      ) : null}
      {letter.status === 'complete' ? (
        <div>
          <Button asChild>
            <Link to={paths.decisionLetters.results.getHref(letter.id)}>See the results</Link>
          </Button>
        </div>
      ) : null}
      {letter.status === 'failed' ? (
        <>
          {letter.error ? <p className="text-sm">{letter.error}</p> : null}
          <p className="text-sm">
            Nothing was counted against your monthly letters for a letter that could not be read.
          </p>
          <div>
            <Button asChild variant="outline">
              <Link to={paths.decisionLetterAnalyzer.getHref()}>
                Try another file or paste the text
              </Link>
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
