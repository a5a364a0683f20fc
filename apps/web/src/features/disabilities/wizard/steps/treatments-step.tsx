import { NARRATIVE_MAX } from '@muster/contract/disabilities';
import {
  FACILITY_TYPES,
  MAX_MEDICATIONS,
  NAME_MAX,
  PLACE_MAX,
  type Treatment,
} from '@muster/contract/disability-records';
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

import { SelectChoiceField, TextAreaField, TextInputField } from '../fields';
import { RecordList, type RecordForm } from '../record-list';

/**
 * The treatment page: each place the condition was treated, with when, by whom and the medicines
 * taken, one card per place. VA asks those places for the records, so the names matter most.
 */

type FacilityType = (typeof FACILITY_TYPES)[number];
type Medication = { name: string; dosage: string | null };

type TreatmentDraft = {
  facility_name: string;
  facility_type: FacilityType | null;
  provider_name: string | null;
  start_date: string | null;
  end_date: string | null;
  medications: Medication[];
  notes: string | null;
};

const BLANK: TreatmentDraft = {
  facility_name: '',
  facility_type: null,
  provider_name: null,
  start_date: null,
  end_date: null,
  medications: [],
  notes: null,
};

const fromRecord = (record: Treatment): TreatmentDraft => ({
  facility_name: record.facility_name,
  facility_type: record.facility_type,
  provider_name: record.provider_name,
  start_date: record.start_date,
  end_date: record.end_date,
  medications: record.medications.map((medication) => ({ ...medication })),
  notes: record.notes,
});

const FACILITY_TYPE_LABELS: Record<FacilityType, string> = {
  va: 'VA medical center or clinic',
  military: 'Military hospital or clinic',
  vet_center: 'Vet Center',
  private: 'Private doctor or hospital',
  other: 'Somewhere else',
};
const FACILITY_TYPE_CHOICES = FACILITY_TYPES.map((value) => ({
  value,
  label: FACILITY_TYPE_LABELS[value],
}));

const MEDICINE_NAME_MAX = 100;
const DOSAGE_MAX = 100;

export function TreatmentsStep({ disabilityId }: { disabilityId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p>
        List each place you were treated for this condition: where, when, by whom, and which
        medicines you took or still take. VA can ask these places for your records, so the name of
        each place helps most. Everything else is optional.
      </p>
      <RecordList
        kind="treatments"
        parent={{ disabilityId }}
        noun="treatment"
        heading="Your treatments"
        emptyText="No treatments yet. Add one for each hospital, clinic or doctor."
        blank={BLANK}
        fromRecord={fromRecord}
        requiredMessages={{ facility_name: 'Give the name of the place' }}
      >
        {(form) => <TreatmentFields form={form} />}
      </RecordList>
    </div>
  );
}

function TreatmentFields({ form }: { form: RecordForm<TreatmentDraft> }) {
  const { value, set, errors } = form;
  return (
    <>
      <TextInputField
        label="Where were you treated?"
        hint="The name of the hospital, clinic or doctor’s office."
        value={value.facility_name}
        onChange={(next) => set('facility_name', next ?? '')}
        maxLength={PLACE_MAX}
        error={errors.facility_name}
      />
      <SelectChoiceField
        label="What kind of place is it?"
        value={value.facility_type}
        onChange={(next) => set('facility_type', next)}
        choices={FACILITY_TYPE_CHOICES}
        error={errors.facility_type}
      />
      <TextInputField
        label="Who treated you?"
        hint="A doctor’s, therapist’s or nurse’s name, if you know it."
        value={value.provider_name}
        onChange={(next) => set('provider_name', next)}
        maxLength={NAME_MAX}
        error={errors.provider_name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          type="date"
          label="When did the treatment start?"
          hint="As near as you remember."
          value={value.start_date}
          onChange={(next) => set('start_date', next)}
          error={errors.start_date}
        />
        <TextInputField
          type="date"
          label="When did it end?"
          hint="Leave it empty if it goes on."
          value={value.end_date}
          onChange={(next) => set('end_date', next)}
          error={errors.end_date}
        />
      </div>
      <MedicationsField
        medications={value.medications}
        onChange={(next) => set('medications', next)}
        errors={errors}
        cardLabel={form.label}
      />
      <TextAreaField
        label="Anything else about this treatment"
        hint="What it was for, what helped, what did not."
        value={value.notes}
        onChange={(next) => set('notes', next)}
        maxLength={NARRATIVE_MAX}
        error={errors.notes}
      />
    </>
  );
}

/**
 * The medicines of one treatment, a row each (name and dose). Adding a row moves focus to its
 * name; removing one moves focus back to "Add a medicine".
 */
function MedicationsField({
  medications,
  onChange,
  errors,
  cardLabel,
}: {
  medications: readonly Medication[];
  onChange: (next: Medication[]) => void;
  errors: Record<string, string>;
  cardLabel: string;
}) {
  const rows = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // What to focus after the next render: the last row's name, or the Add button.
  const [focusTarget, setFocusTarget] = useState<{ target: 'last-row' | 'add'; count: number }>({
    target: 'add',
    count: 0,
  });
  const moveFocus = (target: 'last-row' | 'add') =>
    setFocusTarget((previous) => ({ target, count: previous.count + 1 }));
  useEffect(() => {
    if (focusTarget.count === 0) return;
    if (focusTarget.target === 'add') addButton.current?.focus();
    else rows.current?.querySelector<HTMLElement>('li:last-child input')?.focus();
  }, [focusTarget]);

  const isFull = medications.length >= MAX_MEDICATIONS;
  const update = (index: number, changes: Partial<Medication>) =>
    onChange(
      medications.map((medication, at) =>
        at === index ? { ...medication, ...changes } : medication,
      ),
    );

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="text-sm font-medium">
        Medicines <span className="sr-only">of {cardLabel.toLowerCase()}</span>
      </legend>
      <p className="text-muted-foreground text-sm">
        Each medicine you took or take for this condition, with its dose if you know it (such as “20
        mg twice a day”).
      </p>
      {medications.length > 0 ? (
        <ul ref={rows} className="grid gap-3">
          {medications.map((medication, index) => {
            const number = index + 1;
            return (
              <li
                // Rows have no id of their own; their place in the list is what names them.
                key={index}
                className="grid min-w-0 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
              >
                <TextInputField
                  label={
                    <>
                      Medicine <span className="sr-only">{number}</span>
                    </>
                  }
                  value={medication.name}
                  onChange={(next) => update(index, { name: next ?? '' })}
                  maxLength={MEDICINE_NAME_MAX}
                  error={errors[`medications.${index}.name`]}
                  className="min-w-0"
                />
                <TextInputField
                  label={
                    <>
                      Dose <span className="sr-only">of medicine {number}</span>
                    </>
                  }
                  value={medication.dosage}
                  onChange={(next) => update(index, { dosage: next })}
                  maxLength={DOSAGE_MAX}
                  error={errors[`medications.${index}.dosage`]}
                  className="min-w-0"
                />
                <div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      onChange(medications.filter((_, at) => at !== index));
                      moveFocus('add');
                    }}
                  >
                    <XIcon aria-hidden />
                    Remove <span className="sr-only">medicine {number}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={isFull}
          onClick={() => {
            onChange([...medications, { name: '', dosage: null }]);
            moveFocus('last-row');
          }}
        >
          <PlusIcon aria-hidden />
          Add a medicine
        </Button>
        {isFull ? (
          <p className="text-muted-foreground text-sm">
            You have listed {MAX_MEDICATIONS} medicines, the most one treatment can hold.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
