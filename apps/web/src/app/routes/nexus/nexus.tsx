import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NexusList } from '@/features/nexus/components/nexus-list';

const PAGE_SIZE = 20;
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `/nexus`: the veteran's nexus letters. */
export function NexusRoute() {
  const [searchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  return (
    <>
      <PageHeader
        title="Nexus letters"
        description="Medical opinions that link a condition to your service, drafted from your records for your doctor to review and sign."
      />
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <Button asChild>
            <Link to={paths.nexus.new.getHref()}>Start a nexus letter</Link>
          </Button>
        </div>
        <NexusList
          page={page}
          pageSize={PAGE_SIZE}
          pageHref={(next) => (next > 1 ? `/nexus?page=${next}` : '/nexus')}
        />
      </div>
    </>
  );
}
