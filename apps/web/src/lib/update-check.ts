import { UPDATE_CHECK_INTERVAL_MS } from '@/config/constants';

/** The index page's identity: its ETag when the server sends one, else its body. */
export async function fetchIndexSignature(fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl('/index.html', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /index.html answered ${response.status}`);
  const etag = response.headers.get('etag');
  if (etag) return `etag:${etag}`;
  return `body:${await response.text()}`;
}

export type UpdateWatcherOptions = {
  onUpdate: () => void;
  getSignature?: () => Promise<string>;
  intervalMs?: number;
};

/**
 * The update notice: checks the index page now, every 5 minutes and whenever the tab becomes
 * visible; the first answer is the baseline, and the first different one calls `onUpdate` once.
 * A failed check only logs a warning. Returns a stop function.
 */
export function watchForUpdates({
  onUpdate,
  getSignature = () => fetchIndexSignature(),
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
}: UpdateWatcherOptions): () => void {
  let baseline: string | null = null;
  let isNotified = false;
  let isStopped = false;

  const check = async () => {
    if (isNotified || isStopped) return;
    try {
      const signature = await getSignature();
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() and the notice can happen while the check is awaited
      if (isStopped || isNotified) return;
      if (baseline === null) baseline = signature;
      else if (signature !== baseline) {
        isNotified = true;
        onUpdate();
      }
    } catch (error) {
      console.warn('[update-check] could not check for a new version', error);
    }
  };

  const handleVisibility = () => {
    if (document.visibilityState === 'visible') void check();
  };

  void check();
  const timer = setInterval(() => void check(), intervalMs);
  document.addEventListener('visibilitychange', handleVisibility);
  return () => {
    isStopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', handleVisibility);
  };
}
