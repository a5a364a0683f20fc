import { PageHeader } from '@/components/layouts/page-header';
import { useDisabilities } from '@/features/disabilities/api/get-disabilities';
import { VaConditionsView } from '@/features/va-conditions/components/va-conditions-view';
import { useConnectVa } from '@/features/va-forms/api/va';

/** The veteran's own disabilities offered in the what-if (the first page is plenty to pick from). */
const OWN_DISABILITIES = { q: '', page: 1, pageSize: 100 };

/**
 * `/va-conditions`: the conditions VA has rated, read through VA.gov (Veteran Verification), and
 * the what-if. The VA.gov connection and the veteran's disabilities come from their features.
 */
export function VaConditionsRoute() {
  const connect = useConnectVa();
  const disabilities = useDisabilities(OWN_DISABILITIES);
  const suggestions = [
    ...new Set((disabilities.data?.results ?? []).map((disability) => disability.title)),
  ];
  return (
    <>
      <PageHeader
        title="VA conditions"
        description="The conditions VA has rated for you, your combined rating and monthly amount, and what planned claims could add."
      />
      <VaConditionsView
        suggestions={suggestions}
        connect={{
          onConnect: () => connect.mutate('veteran-verification'),
          isConnecting: connect.isPending,
          hasFailed: connect.isError,
        }}
      />
    </>
  );
}
