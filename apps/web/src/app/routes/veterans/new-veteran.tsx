import { useNavigate } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { VeteranForm } from '@/features/veterans/components/veteran-form';

import { BackToVeterans } from './back-to-veterans';

/** `/veterans/new` (Add a veteran record): the form; once saved, the record's own page. */
export function NewVeteranRoute() {
  const navigate = useNavigate();
  return (
    <>
      <BackToVeterans />
      <PageHeader
        title="Add a veteran record"
        description="Only the first and last name are needed now; add the rest when you have it at hand."
      />
      <VeteranForm
        submitLabel="Save record"
        onSaved={(veteran) => {
          void navigate(paths.veterans.detail.getHref(veteran.id), { replace: true });
        }}
      />
    </>
  );
}
