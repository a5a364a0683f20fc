import { PageHeader } from '@/components/layouts/page-header';
import { GeneratedDocumentList } from '@/features/vault/components/generated-document-list';

/** `/documents` (Documents): what Muster prepared, ready to download again in each format. */
export function DocumentsRoute() {
  return (
    <>
      <PageHeader
        title="Documents"
        description="The documents Muster prepared for your claims, ready to download. Each holds the latest version of what you wrote."
      />
      <GeneratedDocumentList />
    </>
  );
}
