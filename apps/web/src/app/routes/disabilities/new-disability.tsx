import { ArrowRightIcon, ClipboardPlusIcon, ListPlusIcon } from 'lucide-react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';

import { BackToDisabilities } from './back-to-disabilities';

/**
 * `/disabilities/new` (Add a disability): how to add one: one condition with its details, or
 * several at once (a list to fill or paste, added in one request).
 */
export function NewDisabilityRoute() {
  return (
    <>
      <BackToDisabilities />
      <PageHeader
        title="Add a disability"
        description="Add each condition you want VA to rate. You can describe it in your own words: we suggest VA’s name for it as you type."
      />
      <ul aria-label="Ways to add" className="grid max-w-2xl gap-4">
        <li>
          <Link
            to={paths.disabilities.create.getHref()}
            className="bg-background hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex gap-3 rounded-lg border p-4 transition-colors outline-none focus-visible:ring-[3px]"
          >
            <span
              aria-hidden
              className="bg-accent text-accent-foreground inline-flex size-10 shrink-0 items-center justify-center rounded-md"
            >
              <ClipboardPlusIcon className="size-5" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold">Add one condition</span>
              <span className="text-muted-foreground text-sm">
                Find it in VA’s list of conditions or describe it yourself, then answer its
                questions when you are ready.
              </span>
            </span>
            <ArrowRightIcon className="size-5 shrink-0 self-center" aria-hidden />
          </Link>
        </li>
        <li>
          <Link
            to={paths.disabilities.bulkAdd.getHref()}
            className="bg-background hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex gap-3 rounded-lg border p-4 transition-colors outline-none focus-visible:ring-[3px]"
          >
            <span
              aria-hidden
              className="bg-accent text-accent-foreground inline-flex size-10 shrink-0 items-center justify-center rounded-md"
            >
              <ListPlusIcon className="size-5" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold">Add several at once</span>
              <span className="text-muted-foreground text-sm">
                Pick them from VA’s list or paste a list of your own, check it, and add them all
                together. Answer each one’s questions later.
              </span>
            </span>
            <ArrowRightIcon className="size-5 shrink-0 self-center" aria-hidden />
          </Link>
        </li>
      </ul>
    </>
  );
}
