import type { ConditionSearchResult } from '@muster/contract/conditions';
import { searchConditions } from '@muster/domain/condition-search';

/**
 * The condition catalogue's suggestions for what a veteran typed, best first. The index is built
 * once, on the first search, and kept for the life of the process; nothing is stored per user.
 */
export function findConditions(options: { q: string; limit: number }): ConditionSearchResult {
  return { results: searchConditions(options.q, { limit: options.limit }) };
}
