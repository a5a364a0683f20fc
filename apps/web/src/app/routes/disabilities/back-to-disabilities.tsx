import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** The way back from a disability's pages to the list. */
export function BackToDisabilities() {
  return (
    <p className="mb-4">
      <Link
        to={paths.disabilities.list.getHref()}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Disabilities
      </Link>
    </p>
  );
}
