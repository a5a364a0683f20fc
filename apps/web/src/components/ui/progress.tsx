import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '@/utils/cn';

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root>;

/** Pass `aria-label` (or `aria-labelledby`): the bar needs an accessible name. */
export function Progress({ className, value, max = 100, ...props }: ProgressProps) {
  const percent = value === null || value === undefined ? 0 : (value / max) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('bg-primary/20 relative h-2 w-full overflow-hidden rounded-full', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="bg-primary h-full w-full flex-1 transition-transform"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
