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
      if (attempt < ATTEMPTS) window.setTimeout(tryOnce, ATTEMPT_MS);
      return;
    }
    // Clear, then set: the same text twice in a row is announced twice.
    region.textContent = '';
    window.setTimeout(() => {
      region.textContent = text;
    }, 50);
  };
  window.setTimeout(tryOnce, ATTEMPT_MS);
}
