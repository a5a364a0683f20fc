import { calculateCombinedRating } from '@muster/domain/combined-rating';
import { defaultRateYear } from '@muster/domain/compensation-table';
import { formatDay } from '@muster/domain/format';
import { lazy, Suspense, useMemo, useState } from 'react';

import {
  NO_DEPENDANTS,
  effectiveDateOf,
  householdOf,
  monthlyFor,
  todayIso,
  toEntries,
  type Dependants,
  type RatingRow,
} from '../utils/calculator-model';
import { CalculationResult } from './calculation-result';
import { DependantsFields } from './dependants-fields';
import { RatingRows } from './rating-rows';

/** The full table and the chart sit below the fold: their code loads after the calculator's. */
const CompensationReference = lazy(() =>
  import('./compensation-reference').then((module) => ({
    default: module.CompensationReference,
  })),
);

/** The rating calculator: combined rating, its steps, monthly amount and a what-if. */
export function RatingCalculator() {
  const [rows, setRows] = useState<RatingRow[]>([{ key: 1, percent: 50, limb: '' }]);
  const [nextKey, setNextKey] = useState(2);
  const [dependants, setDependants] = useState<Dependants>(NO_DEPENDANTS);
  const [year, setYear] = useState(() => defaultRateYear(todayIso()));
  const tableDate = effectiveDateOf(year);

  const result = calculateCombinedRating({ ratings: toEntries(rows) });
  const monthly = monthlyFor(result.combined, tableDate, dependants);
  const effective = formatDay(tableDate);
  const household = useMemo(() => householdOf(dependants), [dependants]);

  return (
    <div className="flex flex-col gap-8">
      <RatingRows
        rows={rows}
        onChange={(key, change) =>
          setRows((current) =>
            current.map((row) => (row.key === key ? { ...row, ...change } : row)),
          )
        }
        onRemove={(key) => setRows((current) => current.filter((row) => row.key !== key))}
        onAdd={() => {
          setRows((current) => [...current, { key: nextKey, percent: 10, limb: '' }]);
          setNextKey((key) => key + 1);
        }}
      />
      <DependantsFields
        dependants={dependants}
        onChange={setDependants}
        year={year}
        onYearChange={setYear}
      />
      <CalculationResult
        rows={rows}
        result={result}
        monthly={monthly}
        dependants={dependants}
        year={year}
        tableDate={tableDate}
        effective={effective}
      />
      <section aria-labelledby="reference-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="reference-heading" className="text-xl font-semibold">
          {`VA compensation rates, ${year}`}
        </h2>
        <p className="text-muted-foreground text-sm">
          {`Every amount VA publishes for the ${year} rates, effective ${effective}. Change the rate year above to see another year.`}
        </p>
        <Suspense
          fallback={
            <p className="text-muted-foreground min-h-96 text-sm">Loading the rate table…</p>
          }
        >
          <CompensationReference year={year} household={household} />
        </Suspense>
      </section>
    </div>
  );
}
