import { Link } from 'react-router';

import { Button } from './button';

export type PagerProps = {
  /** The navigation's name, e.g. "Pages of documents". */
  label: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
};

/** Previous / next links and "Page N of M" under a paged list; nothing when there is one page. */
export function Pager({ label, page, pageCount, pageHref }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={pageHref(page - 1)}>Previous page</Link>
        </Button>
      ) : null}
      <p className="text-muted-foreground text-sm">{`Page ${page} of ${pageCount}`}</p>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={pageHref(page + 1)}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}
