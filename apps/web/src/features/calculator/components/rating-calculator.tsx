import type { CombinedRatingStep, Limb } from '@muster/contract/calculator';
import { LIMBS } from '@muster/contract/calculator';
import { calculateCombinedRating, type RatingEntry } from '@muster/domain/combined-rating';
import { calculateCompensation } from '@muster/domain/compensation';
import { COMPENSATION_RATE_TABLES } from '@muster/domain/compensation-rates';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';

const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
const REFERENCE_RATINGS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
const LIMB_LABELS: Record<Limb, string> = {
  'left-leg': 'Left leg',
  'right-leg': 'Right leg',
  'left-arm': 'Left arm',
  'right-arm': 'Right arm',
};

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2024-12-01` → `Dec 1, 2024`. */
export function formatEffectiveDate(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The table in effect today, or the latest known one. */
function defaultTableDate(today: string): string {
  const inEffect = COMPENSATION_RATE_TABLES.findLast((t) => t.effective_date <= today);
  return (inEffect ?? COMPENSATION_RATE_TABLES.at(-1))?.effective_date ?? '';
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

/** The rating calculator (issue 4): combined rating, its steps, monthly amount and a what-if. */
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
  const [tableDate, setTableDate] = useState(() => defaultTableDate(todayIso()));
  const [whatIf, setWhatIf] = useState(30);

  const result = calculateCombinedRating({ ratings: toEntries(rows) });
  const monthly = monthlyFor(result.combined, tableDate, dependants);
  const whatIfResult = calculateCombinedRating({
    ratings: [...toEntries(rows), { percent: whatIf }],
  });
  const whatIfMonthly = monthlyFor(whatIfResult.combined, tableDate, dependants);
  const effective = formatEffectiveDate(tableDate);
  const single = {
    ...dependants,
    spouse: false,
    spouseAidAttendance: false,
    childrenUnder18: 0,
    schoolChildren: 0,
    parents: 0,
  };
  const married = { ...single, spouse: true };

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
            Spouse
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
            Spouse receives Aid and Attendance
          </label>
          <NumberField
            label="Children under 18"
            value={dependants.childrenUnder18}
            max={20}
            onChange={(value) => setDependants((d) => ({ ...d, childrenUnder18: value }))}
          />
          <NumberField
            label="Children 18 to 23 in school"
            value={dependants.schoolChildren}
            max={20}
            onChange={(value) => setDependants((d) => ({ ...d, schoolChildren: value }))}
          />
          <NumberField
            label="Dependent parents"
            value={dependants.parents}
            max={2}
            onChange={(value) => setDependants((d) => ({ ...d, parents: value }))}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Rate table
            <select
              value={tableDate}
              onChange={(event) => setTableDate(event.target.value)}
              className={fieldClass}
            >
              {COMPENSATION_RATE_TABLES.map((table) => (
                <option key={table.effective_date} value={table.effective_date}>
                  {`Rates effective ${formatEffectiveDate(table.effective_date)}`}
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
          <p className="text-lg font-medium">{`Monthly compensation: ${money.format(monthly)}`}</p>
          <p className="text-muted-foreground text-sm">{`rates effective ${effective}`}</p>
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
            {`Add a ${whatIf} % rating → combined ${whatIfResult.combined} %, ${money.format(whatIfMonthly)} a month`}
          </p>
        </div>
      </section>

      <section aria-labelledby="reference-heading" className="flex flex-col gap-3">
        <h2 id="reference-heading" className="text-xl font-semibold">
          VA compensation by rating
        </h2>
        <table className="w-full max-w-md text-sm">
          <caption className="text-muted-foreground mb-2 text-left">
            {`Monthly amounts, rates effective ${effective}. Married: with a spouse, no children or parents.`}
          </caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1">
                Rating
              </th>
              <th scope="col" className="py-1">
                Married
              </th>
              <th scope="col" className="py-1">
                Single
              </th>
            </tr>
          </thead>
          <tbody>
            {REFERENCE_RATINGS.map((rating) => (
              <tr key={rating} className="border-b">
                <th scope="row" className="py-1 text-left font-medium">{`${rating} %`}</th>
                <td className="py-1">{money.format(monthlyFor(rating, tableDate, married))}</td>
                <td className="py-1">{money.format(monthlyFor(rating, tableDate, single))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
