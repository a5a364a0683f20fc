import type { FakeLighthouse } from './fake-lighthouse.ts';
import type { FakeApiHandler } from './fake-lighthouse-spec.ts';

/** Veteran Verification's `GET /disability_rating`. */
export type FakeRatingState = Record<string, never>;

export function createRatingApi(fake: FakeLighthouse): {
  state: FakeRatingState;
  handler: FakeApiHandler;
} {
  void fake;
  return { state: {}, handler: { handles: () => false, handle: () => undefined } };
}
