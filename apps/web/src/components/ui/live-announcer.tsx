import { ANNOUNCER_ATTRIBUTE } from '@/lib/announce';

/**
 * A polite live region for a modal surface that stays open after actions (the mobile drawer):
 * toasts raised while it hides the page are read out here (`lib/announce.ts`).
 */
export function LiveAnnouncer() {
  return (
    <div
      {...{ [ANNOUNCER_ATTRIBUTE]: '' }}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="sr-only"
    />
  );
}
