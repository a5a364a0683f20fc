import { useState } from 'react';

import { Button } from '@/components/ui/button';

/** How many page numbers show before "Show all". */
const SHOWN_PAGES = 8;

export type PageReferencesProps = {
  pages: readonly number[];
  /** Opens the page viewer at a page. */
  onOpen: (page: number) => void;
  /** What the pages are of, for the list's accessible name ("Pages with sertraline"). */
  label: string;
};

/**
 * The pages a finding is on, each a button that opens the page viewer there. A long list shows
 * its first pages and a button for the rest.
 */
export function PageReferences({ pages, onOpen, label }: PageReferencesProps) {
  const [showAll, setShowAll] = useState(false);
  if (pages.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = showAll ? pages : pages.slice(0, SHOWN_PAGES);
  return (
    <ul aria-label={label} className="flex flex-wrap items-center gap-1">
      {shown.map((page) => (
        <li key={page}>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-1 py-0.5 tabular-nums"
            aria-label={`Page ${page}`}
            onClick={() => onOpen(page)}
          >
            {page}
          </Button>
        </li>
      ))}
      {pages.length > SHOWN_PAGES ? (
        <li>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-auto px-1 py-0.5"
            aria-expanded={showAll}
            onClick={() => setShowAll((value) => !value)}
          >
            {showAll ? 'Show fewer pages' : `Show all ${pages.length} pages`}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
