import { ERR, type ErrorCode } from '@muster/contract/errors';
import type * as SonnerModule from 'sonner';

import {
  FEEDBACK_TOAST,
  FEEDBACK_TOASTER_ID,
  GLOBAL_ERROR_TOAST,
  GLOBAL_ERROR_TOASTER_ID,
} from '@/config/constants';
import { announceIfToastsHidden } from '@/lib/announce';
import { toApiError, type ApiError } from '@/lib/api-error';
import { upgradePrompt } from '@/lib/upgrade-prompt';

/**
 * Toasts, and the global error rule:
 * - failed mutations and failed background refetches reach `toastError` (the query client calls it;
 *   see `lib/query-client.ts`), which shows the error's user message keyed by its code: one toast per
 *   code at a time, 10 seconds, at most 9 visible (the error toaster's own settings);
 * - a 403 quota answer ("quota reached" / "limit exceeded") or another permission refusal opens the
 *   upgrade dialog instead of a toast;
 * - a page whose main query fails shows an error panel with Retry inside the page instead.
 *
 * Sonner loads on first use, so it stays out of the first-load budget; a toast raised before the
 * toaster mounts is replayed when it does.
 */

let sonner: Promise<typeof SonnerModule> | null = null;

/** Loads Sonner once; a failed load (offline) is tried again next time. */
function loadSonner(): Promise<typeof SonnerModule> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

type ToastKind = 'error' | 'success';
type ShowOptions = { id?: string; description?: string; duration?: number; toasterId?: string };

function show(kind: ToastKind, message: string, options: ShowOptions = {}) {
  loadSonner()
    .then(({ toast }) => {
      toast[kind](message, options);
      announceIfToastsHidden([message, options.description].filter(Boolean).join('. '));
    })
    .catch((error: unknown) => {
      // Offline and the toaster's code never arrived: the message cannot be shown; keep a trace.
      console.warn('[toast] could not show:', message, error);
    });
}

/** Permission-style refusals that ask for an upgrade rather than show a toast. */
const PERMISSION_CODES: ReadonlySet<ErrorCode> = new Set([ERR.FORBIDDEN, ERR.ACCESS_DENIED]);

function isQuotaText(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes('quota reached') || lower.includes('limit exceeded');
}

/** The text a 403 is judged by: its detail and its message. */
function answerText(error: ApiError): string {
  return [error.detail, error.message].filter(Boolean).join(' ');
}

/** A quota answer: a 403 whose detail or message says quota reached or limit exceeded. */
export function isQuotaError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const apiError = toApiError(error);
  return apiError.status === 403 && isQuotaText(answerText(apiError));
}

/** 403s that open the upgrade dialog: quota answers and other permission refusals (1003, 1007). */
export function opensUpgradePrompt(error: ApiError): boolean {
  if (error.status !== 403) return false;
  return isQuotaText(answerText(error)) || PERMISSION_CODES.has(error.code);
}

/** Client-made details ("HTTP 418", shape problems) are for developers, not for the toast. */
function userFacingDetail(error: ApiError): string | undefined {
  if (!error.detail || error.status < 400 || error.status >= 500) return undefined;
  if (/^HTTP \d{3}$/.test(error.detail)) return undefined;
  return error.detail;
}

/**
 * Reports a failure: the upgrade dialog for quota and permission answers, otherwise a global error
 * toast with the error's user message, keyed by code.
 */
export function toastError(error: unknown): void {
  // Anything that is not an ApiError becomes "An unexpected error occurred": raw exception text
  // is never shown to the user.
  const apiError = toApiError(error);
  if (opensUpgradePrompt(apiError)) {
    upgradePrompt.open({ text: answerText(apiError), feature: apiError.quota?.feature });
    return;
  }
  show('error', apiError.message, {
    id: `api-error-${apiError.code}`,
    description: userFacingDetail(apiError),
    duration: GLOBAL_ERROR_TOAST.durationMs,
    toasterId: GLOBAL_ERROR_TOASTER_ID,
  });
}

/** An error toast with a fixed message (e.g. "Google Sign-In failed"), keyed by `id`. */
export function toastErrorMessage(message: string, options: { id: string; description?: string }) {
  show('error', message, {
    ...options,
    duration: GLOBAL_ERROR_TOAST.durationMs,
    toasterId: GLOBAL_ERROR_TOASTER_ID,
  });
}

/** A generic notice (4 s, the main toaster). */
export function toastSuccess(message: string, options: { id?: string; description?: string } = {}) {
  show('success', message, options);
}

export const UPDATE_TOAST_ID = 'app-update';
export const UPDATE_MESSAGE = 'A new update is available! Refresh to get the latest features.';

/** The update notice: one toast that stays until dismissed, with "Refresh Now". */
export function toastUpdateAvailable(onRefresh: () => void) {
  loadSonner()
    .then(({ toast }) => {
      toast(UPDATE_MESSAGE, {
        id: UPDATE_TOAST_ID,
        duration: Infinity,
        action: { label: 'Refresh Now', onClick: onRefresh },
      });
    })
    .catch((error: unknown) => {
      console.warn('[toast] could not show the update notice', error);
    });
}

/**
 * Feedback after a user action: one at a time (each replaces
 * the last), success for 5 s, error for 8 s, on the feedback toaster.
 */
export function toastFeedback(
  kind: ToastKind,
  message: string,
  options: { description?: string } = {},
) {
  show(kind, message, {
    ...options,
    id: FEEDBACK_TOASTER_ID,
    duration:
      kind === 'success' ? FEEDBACK_TOAST.successDurationMs : FEEDBACK_TOAST.errorDurationMs,
    toasterId: FEEDBACK_TOASTER_ID,
  });
}
