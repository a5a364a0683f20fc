import { cn } from '@/utils/cn';

/**
 * The Muster mark, drawn like the marketing site's (three rank chevrons on a tile) and like
 * public/favicon.svg; a test keeps the three in step. Its colours follow the theme's `brand` tokens,
 * so a branch theme recolours it.
 */
export const LOGO_CHEVRONS_PATH = 'M8 13l8-5 8 5M8 19l8-5 8 5M8 25l8-5 8 5';

/** The mark alone; decorative (the wordmark or the surrounding link names it). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      className={cn('size-7 shrink-0', className)}
    >
      <rect width="32" height="32" rx="7" className="fill-brand" />
      <path
        d={LOGO_CHEVRONS_PATH}
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-brand-foreground"
      />
    </svg>
  );
}

export type LogoProps = {
  className?: string;
  /** Only the mark shows; the name stays for screen readers. */
  isCompact?: boolean;
  /** The wordmark hides below the `sm` breakpoint (a phone's header), the mark stays. */
  hideWordmarkOnPhones?: boolean;
};

/** Mark and wordmark: the one logo of the app (sidebar, header, sign-in and welcome pages). */
export function Logo({ className, isCompact = false, hideWordmarkOnPhones = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-lg font-bold tracking-tight',
          isCompact && 'sr-only',
          hideWordmarkOnPhones && 'max-sm:sr-only',
        )}
      >
        Muster
      </span>
    </span>
  );
}

/** The site's tagline under a large mark: the opening of the sign-in, welcome and plan pages. */
export function BrandIntro({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <LogoMark className="size-11" />
      <p className="text-primary text-sm font-semibold tracking-wide uppercase">
        Built by veterans, for veterans
      </p>
    </div>
  );
}
