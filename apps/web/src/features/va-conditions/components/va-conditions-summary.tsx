import type { VaConditions } from '@muster/contract/va-conditions';
import { formatDay, usd } from '@muster/domain/format';
import { useId } from 'react';

type VaConditionsSummaryProps = { data: VaConditions };

/** VA's combined rating and what it pays a veteran alone each month. */
export function VaConditionsSummary({ data }: VaConditionsSummaryProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Your VA rating
      </h2>
      {data.combined_rating === null ? (
        <p className="text-sm">VA has no combined rating for you yet.</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm">Combined rating</dt>
              <dd className="text-3xl font-bold">{`${data.combined_rating} %`}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm">Monthly amount</dt>
              <dd className="text-3xl font-bold">
                {data.monthly_amount === null ? '—' : usd.format(data.monthly_amount)}
              </dd>
            </div>
          </dl>
          <p className="text-muted-foreground text-sm">
            {data.combined_effective_date
              ? `Effective ${formatDay(data.combined_effective_date)}. `
              : ''}
            {`The amount is for a veteran alone${data.rates_year ? `, at VA’s ${data.rates_year} rates` : ''}; dependants can add to it.`}
          </p>
        </>
      )}
    </section>
  );
}
