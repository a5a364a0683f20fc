import type { FakeLighthouse } from './fake-lighthouse.ts';
import type { FakeApiHandler, Json } from './fake-lighthouse-spec.ts';

/** A 526 VA accepted through `POST /veterans/{icn}/526/synchronous`. */
export type Fake526Submission = {
  /** VA's claim id (the answer's `data.id`); the claims paths list it too. */
  claimId: string;
  icn: string;
  /** ISO date-time VA received it. */
  submittedAt: string;
  /** The request's `data.attributes`. */
  attributes: Json;
};

/** Benefits Claims v2's 526 paths: `POST /veterans/{icn}/526/validate` and `…/526/synchronous`. */
export type Fake526State = { submissions: Fake526Submission[] };

export function create526Api(fake: FakeLighthouse): {
  state: Fake526State;
  handler: FakeApiHandler;
} {
  void fake;
  return { state: { submissions: [] }, handler: { handles: () => false, handle: () => undefined } };
}
