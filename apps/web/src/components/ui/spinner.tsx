import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/utils/cn';

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Announced to screen readers. */
  label?: string;
};

export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center', className)}
      {...props}
    >
      <LoaderCircleIcon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for route and chunk loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="text-muted-foreground flex min-h-[40vh] w-full items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}
