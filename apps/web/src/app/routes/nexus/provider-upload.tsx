import { useParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { ProviderUpload } from '@/features/nexus/components/provider-upload';
import { useNoReferrer } from '@/hooks/use-no-referrer';

/**
 * `/provider-upload/{token}` (Upload a Signed Nexus Letter): a physician reviews the draft a
 * veteran prepared, signs it, and uploads it back, without an account.
 */
export function ProviderUploadRoute() {
  const { token = '' } = useParams();
  useNoReferrer();
  return (
    <>
      <PageHeader
        title="Upload a Signed Nexus Letter"
        description="A patient of yours who served in the military asked for your medical opinion for their VA disability claim. You do not need a Muster account."
      />
      <ProviderUpload key={token} token={token} />
    </>
  );
}
