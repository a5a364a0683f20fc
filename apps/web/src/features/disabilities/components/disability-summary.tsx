import { diagnosisLabel, type Disability } from '@muster/contract/disabilities';

import { claimTypeLabel, percentLabel, SIDE_OF_BODY_LABELS } from '../utils/disability-labels';

/** A disability's details as a list of terms: diagnosis, codes, side, claim type, rating. */
export function DisabilitySummary({
  disability,
  isDetailed = false,
}: {
  disability: Disability;
  /** Also the codes and the side of the body (the disability's own page). */
  isDetailed?: boolean;
}) {
  const rows: [term: string, value: string][] = [
    ['Diagnosis', diagnosisLabel(disability)],
    ...(isDetailed
      ? ([
          [
            'Side of the body',
            disability.side_of_body
              ? SIDE_OF_BODY_LABELS[disability.side_of_body]
              : 'Does not apply',
          ],
          ['Diagnostic code', disability.diagnostic_code ?? 'None'],
          ['VA classification', disability.classification_code ?? 'None'],
        ] satisfies [string, string][])
      : []),
    ['Claim type', claimTypeLabel(disability.claim_type)],
    ['VA rating', percentLabel(disability.percent)],
  ];
  return (
    <dl className="text-muted-foreground grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex min-w-0 flex-wrap gap-x-2">
          <dt>{`${term}:`}</dt>
          <dd className="text-foreground min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
