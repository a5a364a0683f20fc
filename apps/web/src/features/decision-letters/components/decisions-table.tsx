import type { LetterDecision } from '@muster/contract/decision-letters';
import { formatDay } from '@muster/domain/format';

import { OUTCOME_LABELS } from '../utils/labels';

/** The rating column: the percent, with the one it replaced for an increase or a decrease. */
export function ratingText(decision: LetterDecision): string {
  if (decision.percent === null) return '—';
  const previous = decision.previous_percent === null ? '' : `${decision.previous_percent}% → `;
  return `${previous}${decision.percent}%`;
}

/** The basis and codes, in a few words. */
function detailText(decision: LetterDecision): string {
  const parts: string[] = [];
  if (decision.diagnostic_code) parts.push(`DC ${decision.diagnostic_code}`);
  if (decision.secondary_to) parts.push(`secondary to ${decision.secondary_to}`);
  if (decision.presumptive) parts.push('presumptive');
  if (decision.staged.length > 1) parts.push(`${decision.staged.length} stages`);
  return parts.join(' · ') || '—';
}

/**
 * Every decision of the letter at a glance. On a phone the effective date goes under the rating
 * and the details column is left out (each decision's card below has them), so the table fits
 * without scrolling sideways.
 */
export function DecisionsTable({ decisions }: { decisions: readonly LetterDecision[] }) {
  return (
    <div className="min-w-0 rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each decision in the letter</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              Condition
            </th>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              Decision
            </th>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              Rating
            </th>
            <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell sm:px-3">
              Effective
            </th>
            <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell sm:px-3">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {decisions.map((decision, index) => (
            <tr key={`${index}-${decision.condition}`}>
              <th scope="row" className="px-2 py-2 font-medium break-words sm:px-3">
                {decision.condition}
              </th>
              <td className="px-2 py-2 sm:px-3">{OUTCOME_LABELS[decision.outcome]}</td>
              <td className="px-2 py-2 sm:px-3">
                <span className="whitespace-nowrap">{ratingText(decision)}</span>
                {decision.effective_date ? (
                  <span className="text-muted-foreground block text-xs sm:hidden">
                    {`from ${formatDay(decision.effective_date)}`}
                  </span>
                ) : null}
              </td>
              <td className="hidden px-2 py-2 sm:table-cell sm:px-3">
                {decision.effective_date ? formatDay(decision.effective_date) : '—'}
              </td>
              <td className="text-muted-foreground hidden px-2 py-2 sm:table-cell sm:px-3">
                {detailText(decision)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
