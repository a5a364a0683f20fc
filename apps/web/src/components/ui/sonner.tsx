import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

import { useTheme } from '@/components/theme/theme-provider';
import { TOAST } from '@/config/constants';

/**
 * The app's one toaster, with spec §9's generic-notice settings. Sonner exposes duration, visible
 * count, gap, offset and (through `--width`) width; the swipe threshold and removal delay are fixed
 * inside Sonner (see `TOAST` in config/constants.ts).
 */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      className="toaster group"
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gapPx}
      offset={TOAST.offsetPx}
      closeButton
      style={
        {
          '--width': `${TOAST.widthPx}px`,
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
      {...props}
    />
  );
}
