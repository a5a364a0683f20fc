import type { CombinedRatingResult } from '@muster/contract/calculator';
import { calculateCombinedRating } from '@muster/domain/combined-rating';
import { BELOW_30_NOTE } from '@muster/domain/compensation-table';
import { usd } from '@muster/domain/format';
import { useState } from 'react';

import { NativeSelect } from '@/components/ui/native-select';

import {
  PERCENTS,
  hasDependants,
  monthlyFor,
  toEntries,
  type Dependants,
  type RatingRow,
} from '../utils/calculator-model';
import { StepsChart } from './steps-chart';

type CalculationResultProps = {
  rows: readonly RatingRow[];
  result: CombinedRatingResult;
  monthly: number;
  dependants: Dependants;
  year: number;
  tableDate: string;
  /** The effective date, as shown. */
  effective: string;
};

/** The combined rating, what it pays, how it was worked out, and what one more rating would do. */
export function CalculationResult({
  rows,
  result,
  monthly,
  dependants,
  year,
  tableDate,
  effective,
}: CalculationResultProps) {
  const [whatIf, setWhatIf] = useState(30);
  const whatIfResult = calculateCombinedRating({
    ratings: [...toEntries(rows), { percent: whatIf }],
  });
  const whatIfMonthly = monthlyFor(whatIfResult.combined, tableDate, dependants);

  return (
    <section
      aria-labelledby="result-heading"
      className="bg-card text-card-foreground flex flex-col gap-3 rounded-lg border p-4"
    >
      <h2 id="result-heading" className="text-xl font-semibold">
        Result
      </h2>
      <div role="status" aria-live="polite" className="flex flex-col gap-1">
        <p className="text-2xl font-semibold">{`Combined rating: ${result.combined} %`}</p>
        <p className="text-muted-foreground text-sm">
          {`Before rounding to the nearest 10: ${result.combined_exact} %${result.bilateral_applied ? ' (bilateral factor applied)' : ''}`}
        </p>
        <p className="text-lg font-medium">{`Monthly compensation: ${usd.format(monthly)}`}</p>
        <p className="text-muted-foreground text-sm">{`${year} rates, effective ${effective}`}</p>
        {hasDependants(dependants) && result.combined > 0 && result.combined < 30 ? (
          <p className="text-sm">{BELOW_30_NOTE}</p>
        ) : null}
      </div>
      <h3 className="font-semibold">How it is calculated</h3>
      {result.steps.length === 0 ? (
        <p className="text-muted-foreground text-sm">Add a rating to see the steps.</p>
      ) : (
        <>
          <ol aria-label="Calculation steps" className="list-decimal pl-5 text-sm">
            {result.steps.map((step, index) => (
              <li key={index}>{step.description}</li>
            ))}
          </ol>
          <StepsChart steps={result.steps} />
        </>
      )}
      <h3 className="font-semibold">What if</h3>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          What-if rating
          <NativeSelect value={whatIf} onChange={(event) => setWhatIf(Number(event.target.value))}>
            {PERCENTS.filter((p) => p > 0).map((percent) => (
              <option key={percent} value={percent}>{`${percent} %`}</option>
            ))}
          </NativeSelect>
        </label>
        <p className="text-sm" data-testid="what-if">
          {`Add a ${whatIf} % rating → combined ${whatIfResult.combined} %, ${usd.format(whatIfMonthly)} a month`}
        </p>
      </div>
    </section>
  );
}
