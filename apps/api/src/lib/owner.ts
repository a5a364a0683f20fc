import { ERR } from '@muster/contract/errors';
import { AppError } from './errors.ts';

/**
 * A resource addressed by user id is the caller's own: another user's id answers 404 as if it did
 * not exist, so ids cannot be probed.
 */
export function assertOwner(options: { requesterId: string; userId: string }): void {
  if (options.requesterId !== options.userId) throw new AppError(ERR.NOT_FOUND);
}
