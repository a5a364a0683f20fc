import { useEffect, useEffectEvent, useState } from 'react';

export type UseCountdownOptions = {
  /** Where the countdown starts. */
  seconds: number;
  /** Called once when the countdown reaches zero. */
  onComplete: () => void;
  /** Stops the countdown where it is (for a "stay on this page" choice). */
  isPaused?: boolean;
};

/** Counts down once per second and returns the seconds left. */
export function useCountdown({ seconds, onComplete, isPaused = false }: UseCountdownOptions) {
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const handleComplete = useEffectEvent(onComplete);

  useEffect(() => {
    if (isPaused) return undefined;
    if (secondsLeft <= 0) {
      handleComplete();
      return undefined;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, isPaused]);

  return secondsLeft;
}
