import { PageHeader } from '@/components/layouts/page-header';
import { IntentToFilePage } from '@/features/va-forms/components/va-forms-home';

/** `/va-forms/intent-to-file` (Intent to File, VA Form 21-0966). */
export function IntentToFileRoute() {
  return (
    <>
      <PageHeader
        title="Intent to File (VA Form 21-0966)"
        description="Tell VA you plan to file a claim. Doing so early can protect the date your benefits start from."
      />
      <IntentToFilePage />
    </>
  );
}
