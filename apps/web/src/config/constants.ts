import { SEARCH_THREAD_LIMIT } from '@muster/contract/search';

/**
 * Business and UI constants (docs/product.md lists the rules they serve). Exact numbers live here
 * and only here; components import them instead of repeating literals.
 */

/** Generic notices: 4 s each, at most 3 visible at once. */
export const TOAST = {
  /** Auto-close after this many milliseconds. */
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  offsetPx: 32,
  /**
   * Sonner 2 hard-codes its swipe threshold (45 px) and does not expose it; the 20 px we want is
   * recorded here for when Sonner makes it configurable or we replace the toaster.
   */
  swipeThresholdPx: 20,
  /** Matches Sonner's own unmount delay (TIME_BEFORE_UNMOUNT = 200 ms); not configurable. */
  removalDelayMs: 200,
} as const;

/** The feedback toaster's id (`toastFeedback`). */
export const FEEDBACK_TOASTER_ID = 'feedback';

/** Feedback notices: one at a time; success 5 s, error 8 s. */
export const FEEDBACK_TOAST = {
  limit: 1,
  successDurationMs: 5000,
  errorDurationMs: 8000,
} as const;

/** Global error toast: 10 s, up to 9 visible, one per error code. */
export const GLOBAL_ERROR_TOAST = {
  durationMs: 10_000,
  visibleToasts: 9,
} as const;

/** Tooltip open delay. */
export const TOOLTIP_DELAY_MS = 100;

/** TanStack Query keeps unused data this long. */
export const QUERY_GC_TIME_MS = 60_000;

/** Route configuration may nest children at most this deep. */
export const MAX_ROUTE_DEPTH = 10;

/** The not-found page counts down this many seconds before going to `/`. */
export const NOT_FOUND_COUNTDOWN_SECONDS = 5;

/** Mobile layout below this viewport width. */
export const MOBILE_BREAKPOINT_PX = 768;

/** API client defaults. */
export const API_TIMEOUT_MS = 30_000;
export const API_MAX_RETRIES = 2;
/** First retry waits this long; each further retry doubles it. */
export const API_RETRY_BASE_DELAY_MS = 500;

export { STORAGE_KEYS } from './storage-keys';

/**
 * Session refresh: every tick, a session that expires within
 * `refreshWithinTicks` ticks plus the margin is refreshed with `GET /auth/get-session`.
 */
export const AUTH_SESSION = {
  tickMs: 30_000,
  refreshWithinTicks: 3,
  expiryMarginMs: 10_000,
} as const;

/** The second toaster, for global errors: its own id and position. */
export const GLOBAL_ERROR_TOASTER_ID = 'global-errors';

/** How often the gate checks the subscription again while a checkout is being confirmed. */
export const PENDING_CHECKOUT_POLL_MS = 3000;

/** How often the developer outbox page looks for new mail. */
export const DEV_OUTBOX_POLL_MS = 3000;

/** VA's search for accredited representatives (VSOs, attorneys, claims agents). */
export const VA_FIND_REPRESENTATIVE_URL =
  'https://www.va.gov/get-help-from-accredited-representative/find-rep/';

/** Sidebar shell: open state kept in a cookie for 7 days; at most 8 recent threads. */
export const SIDEBAR = {
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  /** Ctrl/Cmd + this key toggles the sidebar. */
  toggleKey: 'b',
  maxRecentThreads: 8,
} as const;

/** Search palette: Ctrl/Cmd+J; list at most 300 px high; first 10 threads. */
export const SEARCH_PALETTE = {
  openKey: 'j',
  listMaxHeightPx: 300,
  /** The server answers at most this many threads (one constant, in the contract). */
  threadLimit: SEARCH_THREAD_LIMIT,
  debounceMs: 250,
} as const;

/** Update notice: the index page is checked every 5 minutes and on tab visible. */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * The social link's label in the sidebar footer. The addresses of this link and
 * of "Join our Discord" are runtime configuration (`env.SOCIAL_URL`, `env.DISCORD_URL`).
 */
export const SOCIAL_LINK_LABEL = 'Follow Muster';
