import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LetterList } from '@/features/decision-letters/components/letter-list';

const PAGE_SIZE = 20;
/** `?page=` as a page number; anything else is the first page. */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `/decision-letters`: every letter given, newest first, with the state of its reading. */
export function DecisionLettersRoute() {
  const [searchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  return (
    <>
      <PageHeader
        title="Decision letters"
        description="The VA decision letters you have given, and what was read from each."
      />
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <Button asChild>
            <Link to={paths.decisionLetterAnalyzer.getHref()}>Analyze a new letter</Link>
          </Button>
        </div>
        <LetterList
          page={page}
          pageSize={PAGE_SIZE}
          pageHref={(next) => paths.decisionLetters.list.getHref({ page: next })}
        />
      </div>
    </>
  );
}
