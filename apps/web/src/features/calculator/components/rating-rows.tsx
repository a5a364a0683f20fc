import { LIMB_LABELS, LIMBS, type Limb } from '@muster/contract/calculator';

import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';

import { PERCENTS, type RatingRow } from '../utils/calculator-model';

type RatingRowsProps = {
  rows: readonly RatingRow[];
  onChange: (key: number, change: Partial<RatingRow>) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
};

/** The veteran's ratings: a percentage and, for an arm or a leg, which one; add and remove. */
export function RatingRows({ rows, onChange, onRemove, onAdd }: RatingRowsProps) {
  return (
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
                <NativeSelect
                  value={row.percent}
                  onChange={(event) => onChange(row.key, { percent: Number(event.target.value) })}
                >
                  {PERCENTS.map((percent) => (
                    <option key={percent} value={percent}>{`${percent} %`}</option>
                  ))}
                </NativeSelect>
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {`Limb for rating ${n}`}
                <NativeSelect
                  value={row.limb}
                  onChange={(event) => onChange(row.key, { limb: event.target.value as Limb | '' })}
                >
                  <option value="">Not an arm or leg</option>
                  {LIMBS.map((limb) => (
                    <option key={limb} value={limb}>
                      {LIMB_LABELS[limb]}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <Button type="button" variant="outline" onClick={() => onRemove(row.key)}>
                {`Remove rating ${n}`}
              </Button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button type="button" onClick={onAdd}>
          Add rating
        </Button>
      </div>
    </section>
  );
}
