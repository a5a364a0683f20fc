import type { CombinedRatingStep, Limb } from '@muster/contract/calculator';
import {
  DEPENDANT_COUNT_LIMITS,
  DEPENDANT_LABELS,
  LIMB_LABELS,
  LIMBS,
} from '@muster/contract/calculator';
import { calculateCombinedRating, type RatingEntry } from '@muster/domain/combined-rating';
import { calculateCompensation } from '@muster/domain/compensation';
import { BELOW_30_NOTE, defaultRateYear, rateYears } from '@muster/domain/compensation-table';
import { formatDay, usd } from '@muster/domain/format';
import { lazy, Suspense, useId, useMemo, useState } from 'react';

import { Button } from '@/components/ui/button';

const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
const RATE_YEARS = rateYears();

/** The full table and the chart sit below the fold: their code loads after the calculator's. */
const CompensationReference = lazy(() =>
  import('./compensation-reference').then((module) => ({
    default: module.CompensationReference,
  })),
);

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function effectiveDateOf(year: number): string {
  return RATE_YEARS.find((entry) => entry.year === year)?.effective_date ?? '';
}

type Row = { key: number; percent: number; limb: Limb | '' };
type Dependants = {
  spouse: boolean;
  spouseAidAttendance: boolean;
  childrenUnder18: number;
  schoolChildren: number;
  parents: number;
};

function toEntries(rows: readonly Row[]): RatingEntry[] {
  return rows.map((row) =>
    row.limb ? { percent: row.percent, limb: row.limb } : { percent: row.percent },
  );
}

function monthlyFor(rating: number, tableDate: string, dependants: Dependants): number {
  return calculateCompensation({
    input: {
      rating,
      date: tableDate,
      spouse: dependants.spouse,
      spouse_aid_attendance: dependants.spouse && dependants.spouseAidAttendance,
      children_under_18: dependants.childrenUnder18,
      school_children: dependants.schoolChildren,
      parents: dependants.parents,
    },
    today: todayIso(),
  }).monthly;
}

function stepValue(step: CombinedRatingStep): number {
  return step.value;
}

const fieldClass =
  'border-input bg-background focus-visible:ring-ring/50 h-9 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px]';

function NumberField({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        onChange={(event) => {
          const next = Math.trunc(Number(event.target.value));
          onChange(Number.isFinite(next) ? Math.min(max, Math.max(0, next)) : 0);
        }}
        className={`${fieldClass} w-24`}
      />
    </div>
  );
}

/** Steps as SVG bars, with the numbers in text beside them (the list is the text equivalent). */
function StepsChart({ steps }: { steps: readonly CombinedRatingStep[] }) {
  const barHeight = 22;
  const gap = 8;
  const height = steps.length * (barHeight + gap);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby="steps-chart-title"
        viewBox={`0 0 320 ${Math.max(height, barHeight)}`}
        className="w-full max-w-md"
      >
        <title id="steps-chart-title">
          {`Combined value after each step: ${steps.map((s) => `${stepValue(s)} %`).join(', ')}`}
        </title>
        {steps.map((step, index) => {
          const width = (stepValue(step) / 100) * 260;
          const y = index * (barHeight + gap);
          return (
            <g key={index}>
              <rect x={0} y={y} width={260} height={barHeight} className="fill-muted" rx={3} />
              <rect x={0} y={y} width={width} height={barHeight} className="fill-primary" rx={3} />
              <text x={268} y={y + barHeight * 0.72} className="fill-foreground text-xs">
                {`${stepValue(step)} %`}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-muted-foreground text-xs">
        Each bar is the combined value after one step of the calculation.
      </figcaption>
    </figure>
  );
}

/** The rating calculator: combined rating, its steps, monthly amount and a what-if. */
export function RatingCalculator() {
  const [rows, setRows] = useState<Row[]>([{ key: 1, percent: 50, limb: '' }]);
  const [nextKey, setNextKey] = useState(2);
  const [dependants, setDependants] = useState<Dependants>({
    spouse: false,
    spouseAidAttendance: false,
    childrenUnder18: 0,
    schoolChildren: 0,
    parents: 0,
  });
  const [year, setYear] = useState(() => defaultRateYear(todayIso()));
  const tableDate = effectiveDateOf(year);
  const [whatIf, setWhatIf] = useState(30);

  const result = calculateCombinedRating({ ratings: toEntries(rows) });
  const monthly = monthlyFor(result.combined, tableDate, dependants);
  const whatIfResult = calculateCombinedRating({
    ratings: [...toEntries(rows), { percent: whatIf }],
  });
  const whatIfMonthly = monthlyFor(whatIfResult.combined, tableDate, dependants);
  const effective = formatDay(tableDate);
  const household = useMemo(
    () => ({
      spouse: dependants.spouse,
      spouse_aid_attendance: dependants.spouse && dependants.spouseAidAttendance,
      children_under_18: dependants.childrenUnder18,
      school_children: dependants.schoolChildren,
      parents: dependants.parents,
    }),
    [dependants],
  );
  const hasDependants =
    dependants.spouse ||
    dependants.childrenUnder18 > 0 ||
    dependants.schoolChildren > 0 ||
    dependants.parents > 0;

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="ratings-heading" className="flex flex-col gap-3">
        <h2 id="ratings-heading" className="text-xl font-semibold">
          Your ratings
        </h2>
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={row.key} className="flex flex-wrap items-end gap-2">
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {`Rating ${n}`}
                  <select
                    value={row.percent}
                    onChange={(event) => update(row.key, { percent: Number(event.target.value) })}
                    className={fieldClass}
                  >
                    {PERCENTS.map((percent) => (
                      <option key={percent} value={percent}>{`${percent} %`}</option>
                    ))}
                  </select>
                </label>
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {`Limb for rating ${n}`}
                  <select
                    value={row.limb}
                    onChange={(event) => update(row.key, { limb: event.target.value as Limb | '' })}
                    className={fieldClass}
                  >
                    <option value="">Not an arm or leg</option>
                    {LIMBS.map((limb) => (
                      <option key={limb} value={limb}>
                        {LIMB_LABELS[limb]}
                      </option>
                    ))}
                  </select>
                </label>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  {`Remove rating ${n}`}
                </Button>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            type="button"
            onClick={() => {
              setRows((current) => [...current, { key: nextKey, percent: 10, limb: '' }]);
              setNextKey((key) => key + 1);
            }}
          >
            Add rating
          </Button>
        </div>
      </section>

      <section aria-labelledby="dependants-heading" className="flex flex-col gap-3">
        <h2 id="dependants-heading" className="text-xl font-semibold">
          Dependants and rates
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={dependants.spouse}
              onChange={(event) =>
                setDependants((d) => ({
                  ...d,
                  spouse: event.target.checked,
                  spouseAidAttendance: event.target.checked && d.spouseAidAttendance,
                }))
              }
            />
            {DEPENDANT_LABELS.spouse}
          </label>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={dependants.spouseAidAttendance}
              disabled={!dependants.spouse}
              onChange={(event) =>
                setDependants((d) => ({ ...d, spouseAidAttendance: event.target.checked }))
              }
            />
            {DEPENDANT_LABELS.spouse_aid_attendance}
          </label>
          <NumberField
            label={DEPENDANT_LABELS.children_under_18}
            value={dependants.childrenUnder18}
            max={DEPENDANT_COUNT_LIMITS.children_under_18}
            onChange={(value) => setDependants((d) => ({ ...d, childrenUnder18: value }))}
          />
          <NumberField
            label={DEPENDANT_LABELS.school_children}
            value={dependants.schoolChildren}
            max={DEPENDANT_COUNT_LIMITS.school_children}
            onChange={(value) => setDependants((d) => ({ ...d, schoolChildren: value }))}
          />
          <NumberField
            label={DEPENDANT_LABELS.parents}
            value={dependants.parents}
            max={DEPENDANT_COUNT_LIMITS.parents}
            onChange={(value) => setDependants((d) => ({ ...d, parents: value }))}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Rate year
            <select
              value={year}
              onChange={(event) => setYear(Number(event.target.value))}
              className={fieldClass}
            >
              {RATE_YEARS.map((entry) => (
                <option key={entry.year} value={entry.year}>
                  {`${entry.year} rates, effective ${formatDay(entry.effective_date)}`}
                </option>
              ))}
            </select>
          </label>
        </div>
      </section>

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
          {hasDependants && result.combined > 0 && result.combined < 30 ? (
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
            <select
              value={whatIf}
              onChange={(event) => setWhatIf(Number(event.target.value))}
              className={fieldClass}
            >
              {PERCENTS.filter((p) => p > 0).map((percent) => (
                <option key={percent} value={percent}>{`${percent} %`}</option>
              ))}
            </select>
          </label>
          <p className="text-sm" data-testid="what-if">
            {`Add a ${whatIf} % rating → combined ${whatIfResult.combined} %, ${usd.format(whatIfMonthly)} a month`}
          </p>
        </div>
      </section>

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
