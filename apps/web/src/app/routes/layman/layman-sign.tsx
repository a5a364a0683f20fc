import { useParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { SignerForm } from '@/features/layman/components/signer-form';
import { useNoReferrer } from '@/hooks/use-no-referrer';

/** `/layman-sign/{tokenId}` (Sign Layman Statement): a witness writes and signs their statement. */
export function LaymanSignRoute() {
  const { tokenId = '' } = useParams();
  useNoReferrer();
  return (
    <>
      <PageHeader
        title="Sign Layman Statement"
        description="A veteran you know asked you to describe what you have seen of their condition. Your statement helps VA decide their claim. You do not need a Muster account."
      />
      <SignerForm key={tokenId} token={tokenId} />
    </>
  );
}
