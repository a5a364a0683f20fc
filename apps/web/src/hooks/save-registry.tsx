import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import type { Autosave, AutosaveState } from './use-autosave';

/**
 * A page may autosave several things at once (a wizard page: its answers, each record it lists, a
 * statement being edited). Each registers here; the page shows one state for all of them, and
 * leaving the page (Next, Back, a link) first sends whatever waits.
 */

type Registry = {
  report: (key: string, autosave: Autosave | null) => void;
};

const RegistryContext = createContext<Registry | null>(null);

/** The worst of several states: a failure outranks a save under way, which outranks "saved". */
const RANK: Record<AutosaveState, number> = {
  saved: 0,
  pending: 1,
  saving: 2,
  invalid: 3,
  refused: 4,
  retrying: 5,
};

export type SaveSummary = {
  state: AutosaveState;
  savedAt: Date | null;
  /** Sends everything that waits; true once all of it is saved. */
  flushAll: () => Promise<boolean>;
};

export function useSaveRegistry(): [SaveSummary, (children: ReactNode) => ReactNode] {
  const flushes = useRef(new Map<string, Autosave['flush']>());
  const [states, setStates] = useState<
    Record<string, { state: AutosaveState; savedAt: Date | null }>
  >({});

  const report = useCallback((key: string, autosave: Autosave | null) => {
    if (autosave === null) {
      flushes.current.delete(key);
      setStates(({ [key]: _gone, ...rest }) => rest);
      return;
    }
    flushes.current.set(key, autosave.flush);
    setStates((previous) => {
      const entry = previous[key];
      if (entry && entry.state === autosave.state && entry.savedAt === autosave.savedAt) {
        return previous;
      }
      return { ...previous, [key]: { state: autosave.state, savedAt: autosave.savedAt } };
    });
  }, []);

  const registry = useMemo(() => ({ report }), [report]);
  const entries = Object.values(states);
  const state = entries.reduce<AutosaveState>(
    (worst, entry) => (RANK[entry.state] > RANK[worst] ? entry.state : worst),
    'saved',
  );
  const savedAt = entries.reduce<Date | null>(
    (latest, entry) =>
      entry.savedAt && (!latest || entry.savedAt > latest) ? entry.savedAt : latest,
    null,
  );
  const flushAll = useCallback(async () => {
    const results = await Promise.all([...flushes.current.values()].map((flush) => flush()));
    return results.every(Boolean);
  }, []);

  const provide = (children: ReactNode) => (
    <RegistryContext value={registry}>{children}</RegistryContext>
  );
  return [{ state, savedAt, flushAll }, provide];
}

/** Makes an autosaved form part of its page's state and of its "save before leaving". */
export function useRegisterAutosave(autosave: Autosave) {
  const registry = useContext(RegistryContext);
  const key = useId();
  useEffect(() => {
    registry?.report(key, autosave);
  }, [registry, key, autosave.state, autosave.savedAt, autosave]);
  useEffect(() => () => registry?.report(key, null), [registry, key]);
}
