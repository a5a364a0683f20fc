import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { TOOLTIP_DELAY_MS } from '@/config/constants';
import { cn } from '@/utils/cn';

/**
 * Tooltips open after the spec's 100 ms delay. Each `Tooltip` brings its own provider (the shadcn
 * pattern), so the tooltip code, and the positioning engine it shares with menus, stays out of the
 * first load instead of being mounted at the app root. Wrap a group in one `TooltipProvider` to
 * share the skip-delay between neighbouring tooltips.
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipProvider>
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'bg-foreground text-background data-[state=delayed-open]:motion-safe:animate-fade-in data-[state=closed]:motion-safe:animate-fade-out z-50 w-fit max-w-xs rounded-md px-3 py-1.5 text-xs text-balance',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
