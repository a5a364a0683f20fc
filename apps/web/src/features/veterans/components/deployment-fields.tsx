import {
  DEPLOYMENT_LOCATION_MAX,
  EARLIEST_RECORD_DATE,
  MAX_DEPLOYMENTS,
  latestPastDate,
} from '@muster/contract/veterans';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { EMPTY_DEPLOYMENT, type VeteranFormValues } from '../utils/veteran-form-values';

/** Each deployment: where and when; rows are added and removed. */
export function DeploymentFields() {
  const { control } = useFormContext<VeteranFormValues>();
  const deployments = useFieldArray({ control, name: 'deployments' });
  const addButton = useRef<HTMLButtonElement>(null);
  const isFull = deployments.fields.length >= MAX_DEPLOYMENTS;
  const today = latestPastDate();

  return (
    <div className="grid gap-4">
      {deployments.fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No deployments yet. Where and when you deployed helps show exposures and events in
          service.
        </p>
      ) : (
        <ol className="grid gap-4">
          {deployments.fields.map((deployment, index) => {
            const n = index + 1;
            return (
              <li key={deployment.id}>
                <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
                  <legend className="px-1 text-sm font-semibold">{`Deployment ${n}`}</legend>
                  <TextField
                    control={control}
                    name={`deployments.${index}.location`}
                    label="Location"
                    maxLength={DEPLOYMENT_LOCATION_MAX}
                    description="A base, city or region, such as Al Asad Air Base, Iraq."
                  />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      control={control}
                      name={`deployments.${index}.start_date`}
                      label="Start date"
                      type="date"
                      min={EARLIEST_RECORD_DATE}
                      max={today}
                    />
                    <TextField
                      control={control}
                      name={`deployments.${index}.end_date`}
                      label="End date"
                      type="date"
                      min={EARLIEST_RECORD_DATE}
                      max={today}
                      description="Leave empty while still deployed."
                    />
                  </div>
                  <div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        deployments.remove(index);
                        // The row and its button are gone: continue from "Add deployment".
                        window.requestAnimationFrame(() => addButton.current?.focus());
                      }}
                    >
                      {`Remove deployment ${n}`}
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
          onClick={() => deployments.append({ ...EMPTY_DEPLOYMENT })}
        >
          Add deployment
        </Button>
        {isFull ? (
          <p className="text-muted-foreground text-sm">{`Up to ${MAX_DEPLOYMENTS} deployments.`}</p>
        ) : null}
      </div>
    </div>
  );
}
