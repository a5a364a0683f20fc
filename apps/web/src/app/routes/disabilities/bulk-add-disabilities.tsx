import { useNavigate } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { BulkAddForm } from '@/features/disabilities/components/bulk-add-form';

import { BackToDisabilities } from './back-to-disabilities';

/** `/disabilities/bulk-add` (Add many disabilities): the list to fill; once added, the list page. */
export function BulkAddDisabilitiesRoute() {
  const navigate = useNavigate();
  return (
    <>
      <BackToDisabilities />
      <PageHeader
        title="Add many disabilities"
        description="List every condition you want VA to rate: pick them from VA’s list, describe them in your own words, or paste a list. Each one’s questions can wait until you are ready."
      />
      <BulkAddForm
        onSaved={() => {
          void navigate(paths.disabilities.list.getHref(), { replace: true });
        }}
      />
    </>
  );
}
