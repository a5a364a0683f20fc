import { LoaderCircleIcon } from 'lucide-react';

export type FullScreenStatusProps = {
  /** Shown and announced, e.g. "Loading your account...". */
  message: string;
};

/** A full-screen message over the app while something it needs is loading. */
export function FullScreenStatus({ message }: FullScreenStatusProps) {
  return (
    <div
      role="status"
      data-slot="full-screen-status"
      className="bg-background text-foreground fixed inset-0 z-50 flex flex-col items-center justify-center gap-3"
    >
      <LoaderCircleIcon
        className="text-muted-foreground size-8 animate-spin motion-reduce:animate-none"
        aria-hidden
      />
      <p className="text-lg font-medium">{message}</p>
    </div>
  );
}
