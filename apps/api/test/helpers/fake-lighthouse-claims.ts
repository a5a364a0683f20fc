import type { FakeLighthouse } from './fake-lighthouse.ts';
import type { FakeApiHandler } from './fake-lighthouse-spec.ts';

/** Benefits Claims v2's claims: `GET /veterans/{icn}/claims` and `…/claims/{id}`. */
export type FakeClaimsState = Record<string, never>;

export function createClaimsApi(fake: FakeLighthouse): {
  state: FakeClaimsState;
  handler: FakeApiHandler;
} {
  void fake;
  return { state: {}, handler: { handles: () => false, handle: () => undefined } };
}
