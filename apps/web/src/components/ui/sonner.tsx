import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

import { useTheme } from '@/components/theme/theme-provider';
import {
  FEEDBACK_TOAST,
  FEEDBACK_TOASTER_ID,
  GLOBAL_ERROR_TOAST,
  GLOBAL_ERROR_TOASTER_ID,
  TOAST,
} from '@/config/constants';

const TOASTER_STYLE = {
  '--width': `${TOAST.widthPx}px`,
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
} as CSSProperties;

/** What every toaster shares: theme, gap/offset/width from `TOAST`, close button and colours. */
function BaseToaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      className="toaster group"
      gap={TOAST.gapPx}
      offset={TOAST.offsetPx}
      closeButton
      style={TOASTER_STYLE}
      {...props}
    />
  );
}

/**
 * The generic-notice toaster: 4 s per toast, up to 3 visible. Sonner exposes duration, visible
 * count, gap, offset and (through `--width`) width; the swipe threshold and removal delay are fixed
 * inside Sonner (see `TOAST` in config/constants.ts).
 */
export function Toaster(props: ToasterProps) {
  return <BaseToaster duration={TOAST.durationMs} visibleToasts={TOAST.visibleToasts} {...props} />;
}

/**
 * The global error toaster: 10 s per toast, up to 9 visible, one per error
 * code (`toastError` keys each toast by its code). Toasts reach it with `toasterId`.
 */
export function GlobalErrorToaster(props: ToasterProps) {
  return (
    <BaseToaster
      id={GLOBAL_ERROR_TOASTER_ID}
      position="top-right"
      containerAriaLabel="Error notifications"
      duration={GLOBAL_ERROR_TOAST.durationMs}
      visibleToasts={GLOBAL_ERROR_TOAST.visibleToasts}
      {...props}
    />
  );
}

/** Feedback notices: at most one visible; `toastFeedback` sets 5 s / 8 s per kind. */
export function FeedbackToaster(props: ToasterProps) {
  return (
    <BaseToaster
      id={FEEDBACK_TOASTER_ID}
      position="bottom-center"
      containerAriaLabel="Feedback notifications"
      visibleToasts={FEEDBACK_TOAST.limit}
      {...props}
    />
  );
}
