import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

import { useCfilePage } from '../api/get-cfile-page';
import { highlightSegments } from '../utils/highlight';
import { ProtectedBadge } from './protected-note';

/** What the viewer opens on: a page, and the words of the finding to mark there. */
export type PageTarget = {
  page: number;
  /** The finding's name, for the description ("Where sertraline was found"). */
  finding: string;
  /** Words to mark, tried in order (highlight.ts). */
  terms: readonly string[];
};

export type PageViewerProps = {
  cfileId: string;
  /** The file's page count, when known before the page loads. */
  pagesTotal: number | null;
  /** The page to show; null keeps the viewer closed. */
  target: PageTarget | null;
  onClose: () => void;
};

/**
 * One page of the C-file in a dialog: its text, the finding's words marked, the previous and next
 * pages, and the 7332 note on a protected page. Escape closes it and focus returns to the page
 * number that opened it.
 */
export function PageViewer({ cfileId, pagesTotal, target, onClose }: PageViewerProps) {
  // The page number that opened the viewer takes focus back when it closes.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-3xl"
        onOpenAutoFocus={() => {
          openerRef.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const opener = openerRef.current;
          openerRef.current = null;
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        {target ? (
          // Keyed: another finding's page starts afresh at its own page.
          <PageViewerBody
            key={`${target.finding}-${target.page}`}
            cfileId={cfileId}
            pagesTotal={pagesTotal}
            target={target}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PageViewerBody({
  cfileId,
  pagesTotal,
  target,
}: {
  cfileId: string;
  pagesTotal: number | null;
  target: PageTarget;
}) {
  const [page, setPage] = useState(target.page);
  const query = useCfilePage(cfileId, page);
  const textRef = useRef<HTMLPreElement>(null);
  const shown = query.data?.page === page ? query.data : undefined;
  const total = shown?.pages_total ?? pagesTotal;
  const title =
    total === null ? `Page ${page}` : `Page ${page} of ${total.toLocaleString('en-US')}`;

  // Each page opens on the first marked words (the text itself scrolls, not the dialog).
  useEffect(() => {
    const mark = textRef.current?.querySelector('mark');
    if (!mark || !textRef.current) return;
    textRef.current.scrollTop = Math.max(0, mark.offsetTop - textRef.current.offsetTop - 48);
  }, [shown]);

  return (
    <>
      <DialogHeader className="pr-6">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {`Where “${target.finding}” was found. The matching words are highlighted.`}
        </DialogDescription>
      </DialogHeader>
      {shown?.protected_7332 ? (
        <div className="flex flex-col gap-1 text-sm">
          <ProtectedBadge className="self-start" />
          <p className="text-muted-foreground">
            This page mentions a record protected by 38 U.S.C. 7332. Muster never shares it or sends
            it to an AI provider unless you choose to.
          </p>
        </div>
      ) : null}
      {shown?.source === 'ocr' ? (
        <p className="text-muted-foreground text-sm">
          This page is a scanned image; its text was read with text recognition (OCR) and may have
          mistakes.
        </p>
      ) : null}
      <div className="min-h-0 flex-1">
        {query.isError && !shown ? (
          <QueryErrorPanel
            title="We could not load this page"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
            headingLevel={3}
          />
        ) : shown ? (
          shown.source === 'none' || shown.text.trim() === '' ? (
            <p className="text-muted-foreground text-sm">No text could be read from this page.</p>
          ) : (
            <pre
              ref={textRef}
              // The text scrolls on its own: it must take focus, or keyboard users could not scroll it.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              role="region"
              aria-label={`Text of page ${page}`}
              className="bg-muted/40 focus-visible:ring-ring/50 max-h-[55dvh] overflow-auto rounded-md border p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap outline-none focus-visible:ring-[3px] sm:text-sm"
            >
              {highlightSegments(shown.text, target.terms).map((segment, index) =>
                segment.isMatch ? (
                  <mark
                    key={index}
                    className="rounded-sm bg-yellow-200 text-black dark:bg-yellow-600"
                  >
                    {segment.text}
                  </mark>
                ) : (
                  <span key={index}>{segment.text}</span>
                ),
              )}
            </pre>
          )
        ) : (
          <Spinner label={`Loading page ${page}`} className="text-muted-foreground py-6" />
        )}
      </div>
      <DialogFooter className="flex-row justify-between gap-2 sm:justify-between">
        <Button
          type="button"
          variant="outline"
          disabled={page <= 1}
          onClick={() => setPage((current) => Math.max(1, current - 1))}
        >
          <ChevronLeftIcon aria-hidden />
          Previous page
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={total !== null && page >= total}
          onClick={() => setPage((current) => current + 1)}
        >
          Next page
          <ChevronRightIcon aria-hidden />
        </Button>
      </DialogFooter>
    </>
  );
}
