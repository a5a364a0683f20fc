/**
 * Toasts live in the page; a modal surface (the mobile sidebar drawer, a dialog) hides the rest of
 * the page from assistive technology while it is open, toasts included. Modal surfaces that stay
 * open after an action (the drawer) carry a live region (`<LiveAnnouncer />`); a toast raised while
 * the toaster is hidden is read out there instead.
 */

const ATTRIBUTE = 'data-announcer';
export const ANNOUNCER_ATTRIBUTE = ATTRIBUTE;

/** Closing dialogs un-hide the page after their exit animation: look again for this long. */
const ATTEMPTS = 10;
const ATTEMPT_MS = 100;

function isHidden(element: Element): boolean {
  return element.closest('[aria-hidden="true"]') !== null;
}

function visibleToaster(): Element | null {
  const toasters = [...document.querySelectorAll('[data-sonner-toaster]')];
  return toasters.find((toaster) => !isHidden(toaster)) ?? null;
}

function visibleAnnouncer(): HTMLElement | null {
  const regions = [...document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)];
  return regions.filter((region) => !isHidden(region)).at(-1) ?? null;
}

/** Timers of announcements still looking for somewhere to be heard. */
const pending = new Set<number>();

function later(run: () => void, ms: number) {
  const id = window.setTimeout(() => {
    pending.delete(id);
    run();
  }, ms);
  pending.add(id);
}

/**
 * Drops every announcement still waiting (each looks again for up to a second). The web tests call
 * it after each test, so no timer outlives the test's page.
 */
export function cancelPendingAnnouncements(): void {
  for (const id of pending) window.clearTimeout(id);
  pending.clear();
}

/** Reads `text` out through the open modal's live region when the toaster cannot be heard. */
export function announceIfToastsHidden(text: string): void {
  let attempt = 0;
  const tryOnce = () => {
    attempt += 1;
    const toaster = visibleToaster();
    if (toaster) return; // The toast is heard where it is.
    const region = visibleAnnouncer();
    if (!region) {
      // Still behind a closing dialog, or no modal with a live region is open.
      if (attempt < ATTEMPTS) later(tryOnce, ATTEMPT_MS);
      return;
    }
    // Clear, then set: the same text twice in a row is announced twice.
    region.textContent = '';
    later(() => {
      region.textContent = text;
    }, 50);
  };
  later(tryOnce, ATTEMPT_MS);
}
