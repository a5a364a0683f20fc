import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { DocumentList } from '@/features/vault/components/document-list';
import { StorageUsage } from '@/features/vault/components/storage-usage';
import { VaultUpload } from '@/features/vault/components/vault-upload';

const PAGE_SIZE = 20;
/** `?page=` as a page number; anything else is the first page. */
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/**
 * `/vault` (File Vault): upload a document, see the storage used, and the documents kept, newest
 * first, searchable by name.
 */
export function VaultRoute() {
  const uploadHeadingId = useId();
  const listHeadingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  const query = searchParams.get('q') ?? '';

  return (
    <>
      <PageHeader
        title="File Vault"
        description="Keep your service records, medical records and other claim evidence in one private place, each tagged with the type VA files it under."
      />
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby={uploadHeadingId} className="flex min-w-0 flex-col gap-4">
          <h2 id={uploadHeadingId} className="text-xl font-semibold">
            Add a document
          </h2>
          <StorageUsage />
          <VaultUpload />
        </section>
        <section aria-labelledby={listHeadingId} className="flex min-w-0 flex-col gap-4">
          <h2 id={listHeadingId} className="text-xl font-semibold">
            Your documents
          </h2>
          <DocumentList
            query={query}
            onQueryChange={(q) => {
              // A new search starts on its first page; typing does not pile up history entries.
              setSearchParams(q ? { q } : {}, { replace: true });
            }}
            page={page}
            pageSize={PAGE_SIZE}
            pageHref={(next) => paths.vault.getHref({ q: query, page: next })}
          />
        </section>
      </div>
    </>
  );
}
