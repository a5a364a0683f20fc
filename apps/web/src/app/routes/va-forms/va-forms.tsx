import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useVaConnectReturn } from '@/features/va-forms/components/va-connect-return';
import { VaFormsHome } from '@/features/va-forms/components/va-forms-home';

/** `/va-forms` (VA forms); VA.gov's sign-in also comes back here (`?message=`). */
export function VaFormsRoute() {
  const isReturning = useVaConnectReturn();
  return (
    <>
      <PageHeader
        title="VA forms"
        description="Prepare VA forms with your saved answers and follow them after you file."
      />
      {isReturning ? <PageSpinner label="Finishing the VA.gov connection" /> : <VaFormsHome />}
    </>
  );
}
