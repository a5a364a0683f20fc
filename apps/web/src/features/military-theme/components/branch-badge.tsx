import { activeTheme } from '../utils/themes';

import { cn } from '@/utils/cn';

import { useMilitaryTheme } from './military-theme-provider';

/** The active branch theme's abbreviation (USMC, USN…) in its brand colours; nothing when off. */
export function BranchBadge({ className }: { className?: string }) {
  const theme = activeTheme(useMilitaryTheme());
  if (!theme) return null;
  return (
    <span
      className={cn(
        'bg-brand text-brand-foreground inline-flex items-center rounded px-1.5 py-0.5 text-[11px] leading-none font-bold tracking-wider',
        className,
      )}
    >
      <span className="sr-only">Theme: {theme.displayName} </span>
      <span aria-hidden>{theme.mark}</span>
    </span>
  );
}
