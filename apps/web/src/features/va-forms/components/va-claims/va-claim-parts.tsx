import type { VaClaimSummary } from '@muster/contract/va-claims';
import { formatLongDay } from '@muster/domain/format';
import { VA_CLAIM_PHASES } from '@muster/domain/va-claim-phases';
import { CircleAlertIcon } from 'lucide-react';

import { cn } from '@/utils/cn';

/** A day as VA gives it (`YYYY-MM-DD`) in words; anything else as VA wrote it. */
export function formatVaDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatLongDay(day) : day;
}

/** "Compensation claim": VA's kind of claim, or a plain name when VA gives none. */
export function vaClaimTitle(claim: Pick<VaClaimSummary, 'claim_type'>): string {
  return claim.claim_type ? `${claim.claim_type} claim` : 'Claim at VA';
}

/** "Step 3 of 8: Evidence gathering", or what VA says when it places the claim on no step. */
export function vaClaimStepText(
  claim: Pick<VaClaimSummary, 'phase' | 'phase_label' | 'status_label'>,
) {
  return claim.phase && claim.phase_label
    ? `Step ${claim.phase} of ${VA_CLAIM_PHASES.length}: ${claim.phase_label}`
    : claim.status_label;
}

/** The eight steps as a bar; the words beside it say the same for everyone. */
export function VaClaimStepBar({ phase }: { phase: number | null }) {
  return (
    <div aria-hidden className="flex w-full max-w-xs gap-1">
      {VA_CLAIM_PHASES.map((step) => (
        <span
          key={step.phase}
          className={cn(
            'h-1.5 flex-1 rounded-full',
            phase !== null && step.phase <= phase ? 'bg-primary' : 'bg-muted',
          )}
        />
      ))}
    </div>
  );
}

/** Shown while VA is waiting on the veteran. */
export function NeedsActionBadge() {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full border border-amber-600/50 bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <CircleAlertIcon aria-hidden className="size-4 shrink-0" />
      VA needs something from you
    </span>
  );
}
