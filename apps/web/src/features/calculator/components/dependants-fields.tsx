import { DEPENDANT_COUNT_LIMITS, DEPENDANT_LABELS } from '@muster/contract/calculator';
import { formatDay } from '@muster/domain/format';
import { useId } from 'react';

import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

import { RATE_YEARS, type Dependants } from '../utils/calculator-model';

/** A count from 0 to `max`; anything else typed is brought into that range. */
function CountField({
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
      <Input
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
        className="w-24"
      />
    </div>
  );
}

type DependantsFieldsProps = {
  dependants: Dependants;
  onChange: (change: (current: Dependants) => Dependants) => void;
  year: number;
  onYearChange: (year: number) => void;
};

/** Who depends on the veteran, and which year's rates to use. */
export function DependantsFields({
  dependants,
  onChange,
  year,
  onYearChange,
}: DependantsFieldsProps) {
  return (
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
              onChange((d) => ({
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
              onChange((d) => ({ ...d, spouseAidAttendance: event.target.checked }))
            }
          />
          {DEPENDANT_LABELS.spouse_aid_attendance}
        </label>
        <CountField
          label={DEPENDANT_LABELS.children_under_18}
          value={dependants.childrenUnder18}
          max={DEPENDANT_COUNT_LIMITS.children_under_18}
          onChange={(value) => onChange((d) => ({ ...d, childrenUnder18: value }))}
        />
        <CountField
          label={DEPENDANT_LABELS.school_children}
          value={dependants.schoolChildren}
          max={DEPENDANT_COUNT_LIMITS.school_children}
          onChange={(value) => onChange((d) => ({ ...d, schoolChildren: value }))}
        />
        <CountField
          label={DEPENDANT_LABELS.parents}
          value={dependants.parents}
          max={DEPENDANT_COUNT_LIMITS.parents}
          onChange={(value) => onChange((d) => ({ ...d, parents: value }))}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Rate year
          <NativeSelect value={year} onChange={(event) => onYearChange(Number(event.target.value))}>
            {RATE_YEARS.map((entry) => (
              <option key={entry.year} value={entry.year}>
                {`${entry.year} rates, effective ${formatDay(entry.effective_date)}`}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
    </section>
  );
}
