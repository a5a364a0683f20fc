import { barChartLayout } from '@muster/domain/compensation-chart';
import {
  BELOW_30_NOTE,
  compensationRateTable,
  monthlyByRating,
  type Household,
} from '@muster/domain/compensation-table';
import { formatDay, usd } from '@muster/domain/format';
import { memo, useId, type ReactNode } from 'react';

function hasDependants(household: Household): boolean {
  return (
    household.spouse === true ||
    (household.parents ?? 0) > 0 ||
    (household.children_under_18 ?? 0) > 0 ||
    (household.school_children ?? 0) > 0
  );
}

/** A plain description of the household, e.g. "spouse, 2 children under 18, 1 dependent parent". */
export function describeHousehold(household: Household): string {
  const parts: string[] = [];
  if (household.spouse)
    parts.push(household.spouse_aid_attendance ? 'spouse receiving Aid and Attendance' : 'spouse');
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const children = household.children_under_18 ?? 0;
  const school = household.school_children ?? 0;
  const parents = household.parents ?? 0;
  if (children > 0) parts.push(count(children, 'child under 18', 'children under 18'));
  if (school > 0) parts.push(count(school, 'child in school', 'children in school'));
  if (parents > 0) parts.push(count(parents, 'dependent parent', 'dependent parents'));
  return parts.length === 0 ? 'veteran alone' : `veteran with ${parts.join(', ')}`;
}

/**
 * A scrolling region for a wide table: focusable so keyboard users can scroll it, named by the
 * table's caption. The page itself never scrolls sideways.
 */
function TableRegion({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelId}
      // A region that scrolls sideways must take focus, or keyboard users could not scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="focus-visible:ring-ring/50 @container max-w-full overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px]"
    >
      {children}
    </div>
  );
}

/** Re-renders only when the year changes (not on every keystroke of the calculator). */
const RateTables = memo(function RateTables({ year }: { year: number }) {
  const view = compensationRateTable(year);
  const baseId = useId();
  return (
    <div className="flex flex-col gap-6">
      {view.groups.map((group) => {
        const captionId = `${baseId}-${group.id}`;
        return (
          <TableRegion key={group.id} labelId={captionId}>
            <table className="w-full min-w-max text-sm">
              <caption
                id={captionId}
                className="sticky left-0 max-w-[100cqw] p-2 text-left font-medium"
              >
                {`${group.title}: monthly amounts, ${view.year} rates (effective ${formatDay(view.effective_date)})`}
              </caption>
              <thead className="bg-muted">
                <tr className="border-b text-left align-bottom">
                  <th scope="col" className="bg-muted sticky left-0 px-2 py-1">
                    Rating
                  </th>
                  {group.columns.map((column) => (
                    <th key={column.id} scope="col" className="max-w-36 px-2 py-1 font-medium">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.flat.map(({ rating, amount }) => (
                  <tr key={rating} className="border-b">
                    <th
                      scope="row"
                      className="bg-background sticky left-0 px-2 py-1 text-left font-medium"
                    >{`${rating} %`}</th>
                    <td colSpan={group.columns.length} className="px-2 py-1">
                      {`${usd.format(amount)} for every household (no added amounts below 30 %)`}
                    </td>
                  </tr>
                ))}
                {group.rows.map((row) => (
                  <tr key={row.rating} className="border-b last:border-b-0">
                    <th
                      scope="row"
                      className="bg-background sticky left-0 px-2 py-1 text-left font-medium"
                    >
                      {`${row.rating} %`}
                    </th>
                    {row.amounts.map((amount, index) => (
                      <td key={group.columns[index]?.id} className="px-2 py-1 tabular-nums">
                        {usd.format(amount)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        );
      })}
    </div>
  );
});

const SERIES_CLASSES = ['fill-primary', 'fill-muted-foreground'] as const;

/** Monthly amount by rating as SVG bars; the values are also in its description and in the table. */
function MonthlyChart({ year, household }: { year: number; household: Household }) {
  const titleId = useId();
  const descId = useId();
  const series = [
    { label: `Your household (${describeHousehold(household)})`, household },
    ...(hasDependants(household) ? [{ label: 'Veteran alone', household: {} }] : []),
  ].map((entry) => ({ label: entry.label, points: monthlyByRating(year, entry.household) }));
  const categories = series[0]?.points.map((point) => `${point.rating}`) ?? [];
  const layout = barChartLayout({
    categories,
    series: series.map((s) => ({ label: s.label, values: s.points.map((p) => p.monthly) })),
  });
  const title = `Monthly amount by rating, ${year} rates: ${series.map((s) => s.label).join(' and ')}`;
  const description = series
    .map(
      (s) =>
        `${s.label}: ${s.points.map((p) => `${p.rating} %, ${usd.format(p.monthly)}`).join('; ')}.`,
    )
    .join(' ');
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="w-full max-w-lg"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {layout.ticks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={layout.plot.left}
              x2={layout.plot.right}
              y1={tick.y}
              y2={tick.y}
              className="stroke-border"
              strokeWidth={1}
            />
            <text
              x={layout.plot.left - 4}
              y={tick.y + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[12px]"
            >
              {tick.label}
            </text>
          </g>
        ))}
        {layout.groups.map((group) => (
          <g key={group.category}>
            {group.bars.map((bar) => (
              <rect
                key={bar.series}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                className={SERIES_CLASSES[bar.series] ?? 'fill-primary'}
              />
            ))}
            <text
              x={group.labelX}
              y={layout.plot.bottom + 16}
              textAnchor="middle"
              className="fill-foreground text-[12px]"
            >
              {group.category}
            </text>
          </g>
        ))}
        <text
          x={(layout.plot.left + layout.plot.right) / 2}
          y={layout.height - 8}
          textAnchor="middle"
          className="fill-muted-foreground text-[12px]"
        >
          Combined rating (%)
        </text>
      </svg>
      <figcaption className="flex flex-col gap-1 text-sm">
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Chart legend">
          {series.map((s, index) => (
            <li key={s.label} className="flex items-center gap-2">
              <svg aria-hidden="true" width="12" height="12" className="shrink-0">
                <rect width="12" height="12" className={SERIES_CLASSES[index]} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
        <span className="text-muted-foreground">
          The same amounts are in the tables below. The bars at 10 % and 20 % are the same for every
          household.
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * VA's full compensation table for the chosen rate year and a chart of what the chosen household
 * is paid at each rating (loaded after the calculator: it sits below the fold).
 */
export const CompensationReference = memo(function CompensationReference({
  year,
  household,
}: {
  year: number;
  household: Household;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="bg-muted rounded-md p-3 text-sm" data-testid="below-30-note">
        {BELOW_30_NOTE}
      </p>
      <MonthlyChart year={year} household={household} />
      <RateTables year={year} />
    </div>
  );
});
