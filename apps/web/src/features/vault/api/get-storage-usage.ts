import { storageUsageSchema, type StorageUsage } from '@muster/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { VAULT_QUERY_KEY } from './get-documents';

/** `GET /storage/usage`: the bytes the user keeps, and the plan's cap (null: none). */
export function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  return api.get('/storage/usage', storageUsageSchema, { signal });
}

export function storageUsageQueryOptions() {
  return queryOptions({
    queryKey: [...VAULT_QUERY_KEY, 'storage-usage'],
    queryFn: ({ signal }) => getStorageUsage(signal),
  });
}

/** The storage line of the vault; a failure shows there, never as a toast. */
export function useStorageUsage() {
  return useQuery({
    ...storageUsageQueryOptions(),
    throwOnError: false,
    meta: { errorToast: false },
  });
}
