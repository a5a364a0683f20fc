import { useNavigate } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DisabilityForm } from '@/features/disabilities/components/disability-form';

import { BackToDisabilities } from './back-to-disabilities';
import { useVeteranChoices } from './use-veteran-choices';

/** `/disabilities/new/create` (Create disability): the form; once saved, the disability's page. */
export function CreateDisabilityRoute() {
  const navigate = useNavigate();
  const veterans = useVeteranChoices();
  return (
    <>
      <BackToDisabilities />
      <PageHeader
        title="Create disability"
        description="Only the condition is needed now. Add the rest when you know it; you can change it later."
      />
      {veterans === null ? (
        <PageSpinner label="Loading your veteran records" />
      ) : (
        <DisabilityForm
          veterans={veterans}
          submitLabel="Create disability"
          onSaved={(disability) => {
            void navigate(paths.disabilities.wizard.getHref(disability.id), { replace: true });
          }}
        />
      )}
    </>
  );
}
