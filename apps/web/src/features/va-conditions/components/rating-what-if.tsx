import {
  MAX_PLANNED_CONDITIONS,
  plannedConditionSchema,
  type PlannedCondition,
} from '@muster/contract/va-conditions';
import { usd } from '@muster/domain/format';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toApiError } from '@/lib/api-error';

import { useVaConditionsWhatIf } from '../api/get-va-conditions-what-if';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The ratings VA assigns: 0 to 100 in steps of 10. */
const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

type Planned = PlannedCondition & { key: number };

/**
 * The what-if is asked for once the list has stayed the same this long, so a quick run of adds
 * and removes makes one request; the last result stays on screen meanwhile.
 */
export const WHAT_IF_SETTLE_MS = 400;

type RatingWhatIfProps = {
  /** The veteran's own disabilities, to pick a planned condition from. */
  suggestions: readonly string[];
  /** VA's ratings count too (connected); otherwise only the planned ones. */
  isConnected: boolean;
};

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${usd.format(Math.abs(amount))}`;

/**
 * The what-if: the veteran adds conditions they plan to claim, each with the rating they expect,
 * and sees the combined rating, the monthly amount and the change from today.
 */
export function RatingWhatIf({ suggestions, isConnected }: RatingWhatIfProps) {
  const headingId = useId();
  const errorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [name, setName] = useState('');
  const [rating, setRating] = useState(10);
  const [error, setError] = useState<string | null>(null);
  const [planned, setPlanned] = useState<Planned[]>([]);
  const input = useMemo(
    () =>
      planned.map(({ name: plannedName, rating: plannedRating }) => ({
        name: plannedName,
        rating: plannedRating,
      })),
    [planned],
  );
  const settled = useDebouncedValue(input, WHAT_IF_SETTLE_MS);
  const whatIf = useVaConditionsWhatIf(settled);
  const isFull = planned.length >= MAX_PLANNED_CONDITIONS;

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = plannedConditionSchema.safeParse({ name, rating });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the condition');
      nameRef.current?.focus();
      return;
    }
    setPlanned((current) => [...current, { ...parsed.data, key: nextKey.current++ }]);
    setName('');
    setError(null);
  }

  const result = whatIf.data;
  return (
    <section
      aria-labelledby={headingId}
      className="bg-card flex min-w-0 flex-col gap-4 rounded-lg border p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          What if
        </h2>
        <p className="text-muted-foreground text-sm">
          {isConnected
            ? 'Add the conditions you plan to claim and the rating you expect for each, to see what they would add to your VA rating.'
            : 'Add the conditions you plan to claim and the rating you expect for each. Without VA.gov connected, only these count.'}
        </p>
      </div>

      <form onSubmit={handleAdd} noValidate className="flex min-w-0 flex-col gap-3">
        {suggestions.length > 0 ? (
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={`${headingId}-pick`}>From your disabilities</Label>
            <NativeSelect
              id={`${headingId}-pick`}
              value=""
              className="w-full min-w-0"
              onChange={(event) => {
                if (event.target.value) setName(event.target.value);
              }}
            >
              <option value="">Choose one to fill in the name</option>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion}>
                  {suggestion}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${headingId}-name`}>Condition name</Label>
          <Input
            ref={nameRef}
            id={`${headingId}-name`}
            value={name}
            maxLength={200}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {error ? (
            <p id={errorId} className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${headingId}-rating`}>Planned rating</Label>
            <NativeSelect
              id={`${headingId}-rating`}
              value={rating}
              onChange={(event) => setRating(Number(event.target.value))}
            >
              {PERCENTS.map((percent) => (
                <option key={percent} value={percent}>{`${percent} %`}</option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={isFull}>
            Add planned condition
          </Button>
        </div>
        {isFull ? (
          <p className="text-muted-foreground text-sm">{`At most ${MAX_PLANNED_CONDITIONS} planned conditions.`}</p>
        ) : null}
      </form>

      {planned.length > 0 ? (
        <ul aria-label="Planned conditions" className="flex flex-col gap-2">
          {planned.map((item) => (
            <li
              key={item.key}
              className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <span className="min-w-0 break-words">{`${item.name}: ${item.rating} %`}</span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Remove ${item.name}`}
                onClick={() => setPlanned((current) => current.filter((p) => p.key !== item.key))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <div aria-live="polite" className="flex min-w-0 flex-col gap-2">
        {planned.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Add a planned condition to see its effect.
          </p>
        ) : whatIf.isError && !result ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm">{`The what-if could not be worked out: ${toApiError(whatIf.error).message}`}</p>
            <div>
              <Button type="button" variant="outline" onClick={() => void whatIf.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : result ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm">Combined rating</dt>
              <dd className="text-2xl font-bold">
                {`${result.combined_rating} %`}
                <span className="text-muted-foreground block text-sm font-normal">{`${result.current_combined_rating} % today`}</span>
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm">Monthly amount</dt>
              <dd className="text-2xl font-bold">
                {usd.format(result.monthly_amount)}
                <span className="text-muted-foreground block text-sm font-normal">{`${usd.format(result.current_monthly_amount)} today`}</span>
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm">Monthly difference</dt>
              <dd className="text-2xl font-bold">{signed(result.monthly_difference)}</dd>
            </div>
          </dl>
        ) : (
          <Spinner label="Working out the what-if" />
        )}
      </div>
    </section>
  );
}
