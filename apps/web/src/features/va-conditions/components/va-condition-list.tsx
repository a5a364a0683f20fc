import type { VaCondition } from '@muster/contract/va-conditions';
import { formatDay } from '@muster/domain/format';
import { useId } from 'react';

type VaConditionListProps = { conditions: readonly VaCondition[] };

/** What a condition counts for, in plain words. */
function statusText(condition: VaCondition): string {
  if (condition.status === 'deferred') return 'Deferred: VA has not decided it yet';
  if (!condition.service_connected) return 'Not service connected: not counted';
  return 'Active';
}

/** Every condition VA has rated: its name, rating, effective date and status. */
export function VaConditionList({ conditions }: VaConditionListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Rated conditions
      </h2>
      {conditions.length === 0 ? (
        <p className="text-muted-foreground text-sm">VA has no rated conditions for you.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {conditions.map((condition) => (
            <li
              key={condition.id}
              className="bg-card flex min-w-0 flex-col gap-1 rounded-lg border p-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="font-semibold break-words">{condition.name}</h3>
                <p className="text-muted-foreground text-sm">
                  {statusText(condition)}
                  {condition.effective_date
                    ? ` · Effective ${formatDay(condition.effective_date)}`
                    : ''}
                </p>
              </div>
              <p className="shrink-0 text-lg font-semibold">
                {condition.rating === null ? 'Not rated' : `${condition.rating} %`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
