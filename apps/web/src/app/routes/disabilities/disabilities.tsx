import { PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DisabilityList } from '@/features/disabilities/components/disability-list';

const PAGE_SIZE = 20;
/** `?page=` as a page number; anything else is the first page. */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `/disabilities` (Disabilities): the user's disabilities, newest first, searchable by title. */
export function DisabilitiesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  const query = searchParams.get('q') ?? '';

  return (
    <>
      <PageHeader
        title="Disabilities"
        description="The conditions you are claiming. Open one to answer its questions and build its statement."
      />
      <div className="mb-6">
        <Button asChild>
          <Link to={paths.disabilities.new.getHref()}>
            <PlusIcon aria-hidden />
            Add a disability
          </Link>
        </Button>
      </div>
      <DisabilityList
        query={query}
        onQueryChange={(q) => {
          // A new search starts on its first page; typing does not pile up history entries.
          setSearchParams(q ? { q } : {}, { replace: true });
        }}
        page={page}
        pageSize={PAGE_SIZE}
        pageHref={(next) => paths.disabilities.list.getHref({ q: query, page: next })}
      />
    </>
  );
}
