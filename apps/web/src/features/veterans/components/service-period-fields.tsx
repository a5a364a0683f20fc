import {
  DISCHARGE_CHARACTERS,
  EARLIEST_RECORD_DATE,
  MAX_SERVICE_PERIODS,
  SERVICE_COMPONENTS,
  latestPastDate,
  latestSeparationDate,
} from '@muster/contract/veterans';
import { BRANCHES } from '@muster/domain/branches';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { EMPTY_SERVICE_PERIOD, type VeteranFormValues } from '../utils/veteran-form-values';
import { COMPONENT_LABELS, DISCHARGE_LABELS } from '../utils/veteran-labels';
import { SelectField } from '@/components/ui/select-field';

/**
 * Each period of service: branch, component, dates and character of discharge; rows are added and
 * removed. A period still being served has no end date and no discharge yet.
 */
export function ServicePeriodFields() {
  const { control } = useFormContext<VeteranFormValues>();
  const periods = useFieldArray({ control, name: 'service_periods' });
  const addButton = useRef<HTMLButtonElement>(null);
  const isFull = periods.fields.length >= MAX_SERVICE_PERIODS;
  const today = latestPastDate();
  const latestSeparation = latestSeparationDate();

  return (
    <div className="grid gap-4">
      {periods.fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No service periods yet. Add each period you served, with its branch and dates: VA forms
          ask for them.
        </p>
      ) : (
        <ol className="grid gap-4">
          {periods.fields.map((period, index) => {
            const n = index + 1;
            return (
              <li key={period.id}>
                <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
                  <legend className="px-1 text-sm font-semibold">{`Service period ${n}`}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField
                      control={control}
                      name={`service_periods.${index}.branch`}
                      label="Branch"
                    >
                      <option value="">Choose a branch…</option>
                      {BRANCHES.map((branch) => (
                        <option key={branch.id} value={branch.id}>
                          {branch.displayName}
                        </option>
                      ))}
                    </SelectField>
                    <SelectField
                      control={control}
                      name={`service_periods.${index}.component`}
                      label="Component"
                    >
                      {SERVICE_COMPONENTS.map((component) => (
                        <option key={component} value={component}>
                          {COMPONENT_LABELS[component]}
                        </option>
                      ))}
                    </SelectField>
                    <TextField
                      control={control}
                      name={`service_periods.${index}.start_date`}
                      label="Start date"
                      type="date"
                      min={EARLIEST_RECORD_DATE}
                      max={today}
                    />
                    <TextField
                      control={control}
                      name={`service_periods.${index}.end_date`}
                      label="End date"
                      type="date"
                      min={EARLIEST_RECORD_DATE}
                      max={latestSeparation}
                      description="Still serving? Give your separation date if you know it (up to a year ahead), or leave it empty."
                    />
                  </div>
                  <SelectField
                    control={control}
                    name={`service_periods.${index}.character_of_discharge`}
                    label="Character of discharge"
                    description="As your DD-214 states it, once the period has ended."
                  >
                    <option value="">Not stated (or still serving)</option>
                    {DISCHARGE_CHARACTERS.map((character) => (
                      <option key={character} value={character}>
                        {DISCHARGE_LABELS[character]}
                      </option>
                    ))}
                  </SelectField>
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        periods.remove(index);
                        // The row and its button are gone: continue from "Add service period".
                        window.requestAnimationFrame(() => addButton.current?.focus());
                      }}
                    >
                      {`Remove service period ${n}`}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          disabled={isFull}
          onClick={() => periods.append({ ...EMPTY_SERVICE_PERIOD })}
        >
          Add service period
        </Button>
        {isFull ? (
          <p className="text-muted-foreground text-sm">{`Up to ${MAX_SERVICE_PERIODS} periods.`}</p>
        ) : null}
      </div>
    </div>
  );
}
