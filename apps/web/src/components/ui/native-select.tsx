import type { ComponentProps } from 'react';

import { cn } from '@/utils/cn';

/**
 * The browser's own select, styled like the other controls: for short fixed lists where the
 * platform's picker (a wheel on phones) serves better than a custom listbox.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 h-9 rounded-md border px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
