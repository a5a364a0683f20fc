import { ERR } from '@muster/contract/errors';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

describe('query client', () => {
  it('keeps unused data for 60 seconds', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(60_000);
  });

  it('never retries a 4xx ApiError', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, new ApiError({ status, code: ERR.INVALID_INPUT }))).toBe(false);
    }
  });

  it('retries other failures twice', () => {
    const serverError = new ApiError({ status: 500, code: ERR.INTERNAL });
    const networkError = new ApiError({ status: 0, code: ERR.CONNECTION_ERROR });
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(1, networkError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
    expect(shouldRetryQuery(0, new Error('other'))).toBe(true);
  });
});
