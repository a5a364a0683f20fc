import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * What an autosaved form shows the veteran:
 * - `saved`: everything typed is on the server (also the state before any change);
 * - `pending`: a change waits for the typing to pause;
 * - `saving`: a save is on its way;
 * - `invalid`: the form has an answer to correct first; nothing is sent until it is;
 * - `retrying`: the last save failed (network, server); it is tried again on its own;
 * - `refused`: the server refused the answers as they are (its reasons in `error`); nothing is
 *   tried again until they change.
 */
export type AutosaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'retrying' | 'refused';

export type AutosaveOptions<T> = {
  value: T;
  /** Sends `value` whole. Its promise settles when the server has it (or refused it). */
  save: (value: T) => Promise<unknown>;
  /** Whether `value` may be sent as it is; an invalid value waits for a correction. */
  isValid?: (value: T) => boolean;
  /**
   * How long typing must pause before a save. `null` never saves on its own: a change waits
   * (`pending`) until `flush` sends it (a Save button, or leaving the page), for a form where each
   * save is a deliberate act, such as one that keeps every save as a version.
   */
  delayMs?: number | null;
  /** Off while the form is not ready (its saved answers still loading). */
  enabled?: boolean;
};

export type Autosave = {
  state: AutosaveState;
  /** When the last save reached the server. */
  savedAt: Date | null;
  /** Why the server refused the last save (`refused`), or null. */
  error: unknown;
  /** Sends what waits now, and settles once everything is saved (or a save failed). */
  flush: () => Promise<boolean>;
};

export const AUTOSAVE_DELAY_MS = 800;
/** Waits before the next try of a failed save: doubled each time up to the last. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A refusal the same request would meet again (the answers are not acceptable as they are), as
 * opposed to a failure worth retrying: no answer, a timeout, a server error, too many requests.
 */
function isFinalRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429
  );
}

/**
 * Saves a form's value a moment after the veteran stops typing, one save at a time (a change
 * made while one is on its way is sent after it), and retries a failed save on its own, sooner
 * when the browser comes back online. While a change is not on the server, leaving the page asks
 * first, so nothing typed is lost to a reload or a closed tab. Nothing is kept in the browser's
 * storage: answers are medical and stay on the server only.
 */
export function useAutosave<T>({
  value,
  save,
  isValid = () => true,
  delayMs = AUTOSAVE_DELAY_MS,
  enabled = true,
}: AutosaveOptions<T>): Autosave {
  const [state, setState] = useState<AutosaveState>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [error, setError] = useState<unknown>(null);

  const latest = useRef({ value, save, isValid });
  useLayoutEffect(() => {
    latest.current = { value, save, isValid };
  });
  /** The value the server holds; undefined until the form is enabled (its starting value). */
  const saved = useRef<{ value: T } | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  /** The value the server last refused: not sent again as it is. */
  const refusedValue = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const failures = useRef(0);
  const mounted = useRef(true);

  const setIfMounted = useCallback((next: AutosaveState) => {
    if (mounted.current) setState(next);
  }, []);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Sends the current value if it differs from the saved one; loops until they agree. */
  const run = useCallback((): Promise<boolean> => {
    const loop = (): Promise<boolean> => {
      if (inFlight.current) return inFlight.current.then(() => loop());
      const { value: current, save: send, isValid: valid } = latest.current;
      if (saved.current && same(saved.current.value, current)) {
        setIfMounted('saved');
        return Promise.resolve(true);
      }
      if (!valid(current)) {
        setIfMounted('invalid');
        return Promise.resolve(false);
      }
      if (refusedValue.current && same(refusedValue.current.value, current)) {
        setIfMounted('refused');
        return Promise.resolve(false);
      }
      setIfMounted('saving');
      const attempt = send(current).then(
        () => {
          saved.current = { value: current };
          failures.current = 0;
          inFlight.current = null;
          if (mounted.current) {
            setSavedAt(new Date());
            setError(null);
          }
          // Typed while this save was on its way: send that too.
          if (!same(latest.current.value, current)) return loop();
          setIfMounted('saved');
          return true;
        },
        (reason: unknown) => {
          inFlight.current = null;
          if (isFinalRefusal(reason)) {
            // Sent again only once the answers change.
            refusedValue.current = { value: current };
            if (mounted.current) setError(reason);
            setIfMounted('refused');
            return false;
          }
          const wait = RETRY_DELAYS_MS[Math.min(failures.current, RETRY_DELAYS_MS.length - 1)];
          failures.current += 1;
          setIfMounted('retrying');
          if (mounted.current) {
            clearTimer();
            timer.current = setTimeout(() => void loop(), wait);
          }
          return false;
        },
      );
      inFlight.current = attempt;
      return attempt;
    };
    return loop();
  }, [setIfMounted]);

  // The first value of an enabled form is what the server already holds.
  useEffect(() => {
    if (enabled && saved.current === null) saved.current = { value: latest.current.value };
  }, [enabled]);

  // A change waits for the typing to pause.
  const serialized = JSON.stringify(value);
  useEffect(() => {
    if (!enabled || saved.current === null) return;
    if (same(saved.current.value, latest.current.value) && !inFlight.current) {
      setIfMounted('saved');
      return;
    }
    if (!latest.current.isValid(latest.current.value)) {
      clearTimer();
      setIfMounted('invalid');
      return;
    }
    if (!inFlight.current) setIfMounted('pending');
    clearTimer();
    if (delayMs !== null) timer.current = setTimeout(() => void run(), delayMs);
  }, [serialized, enabled, delayMs, run, setIfMounted]);

  // Back online: try a failed save again at once.
  useEffect(() => {
    const retry = () => {
      if (failures.current > 0) {
        clearTimer();
        void run();
      }
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [run]);

  // Leaving with unsaved changes asks first.
  const isUnsaved = state !== 'saved';
  useEffect(() => {
    if (!isUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isUnsaved]);

  // Leaving the page inside the app (or the form going away) sends what waits: a change typed
  // and not yet sent, whether its timer was running or the form saves only on request.
  const isManual = useRef(delayMs === null);
  useLayoutEffect(() => {
    isManual.current = delayMs === null;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const unsentManualChange =
        isManual.current &&
        saved.current !== null &&
        !same(saved.current.value, latest.current.value);
      if (timer.current !== null || unsentManualChange) {
        clearTimer();
        void run();
      }
    };
  }, [run]);

  const flush = useCallback(() => {
    clearTimer();
    return run();
  }, [run]);

  return { state, savedAt, error, flush };
}
