import { ShieldIcon } from 'lucide-react';

import { cn } from '@/utils/cn';

/** The mark on every record the law protects. */
export const PROTECTED_7332_NOTE = 'Protected by 38 U.S.C. 7332';

/** The visible mark of a protected record (a medication, a condition, a page). */
export function ProtectedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border border-amber-600/40 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      <ShieldIcon className="size-3.5 shrink-0" aria-hidden />
      {PROTECTED_7332_NOTE}
    </span>
  );
}

/**
 * Why some records are marked: federal law protects records of drug or alcohol use treatment, HIV
 * and sickle cell anemia, and Muster keeps them to the veteran unless the veteran picks each one.
 */
export function ProtectedExplanation({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'max-w-prose rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50',
        className,
      )}
    >
      Records marked “{PROTECTED_7332_NOTE}” are about drug or alcohol use treatment, HIV or sickle
      cell anemia, which federal law protects. Muster never shares them and never sends them to an
      AI provider unless you choose each one yourself.
    </p>
  );
}
