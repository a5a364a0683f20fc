import { PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { VeteranList } from '@/features/veterans/components/veteran-list';

const PAGE_SIZE = 20;
/** `?page=` as a page number; anything else is the first page. */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `/veterans` (Veteran records): the user's records, the primary first. */
export function VeteransRoute() {
  const [searchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);

  return (
    <>
      <PageHeader
        title="Veteran records"
        description="Who the veteran is and how they served. VA forms are filled in from the primary record unless you choose another for a claim."
      />
      <div className="mb-6">
        <Button asChild>
          <Link to={paths.veterans.new.getHref()}>
            <PlusIcon aria-hidden />
            Add a veteran record
          </Link>
        </Button>
      </div>
      <VeteranList page={page} pageSize={PAGE_SIZE} pageHref={paths.veterans.list.getHref} />
    </>
  );
}
