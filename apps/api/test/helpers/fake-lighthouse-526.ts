import type { FakeLighthouse } from './fake-lighthouse.ts';
import type { FakeApiHandler } from './fake-lighthouse-spec.ts';

/** Benefits Claims v2's 526 paths: `POST /veterans/{icn}/526/validate` and `…/526/synchronous`. */
export type Fake526State = Record<string, never>;

export function create526Api(fake: FakeLighthouse): {
  state: Fake526State;
  handler: FakeApiHandler;
} {
  void fake;
  return { state: {}, handler: { handles: () => false, handle: () => undefined } };
}
