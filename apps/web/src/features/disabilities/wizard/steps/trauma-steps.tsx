import { NARRATIVE_MAX, NOTE_MAX, type Disability } from '@muster/contract/disabilities';
import {
  BEHAVIOR_CHANGES,
  BEHAVIOR_CHANGE_KEYS,
  DSM_ANSWERS,
  DSM_CRITERIA,
  DSM_CRITERION_ITEMS,
  EVIDENCE_SOURCE_TYPES,
  MENTAL_HEALTH_CONDITIONS,
  NAME_MAX,
  PLACE_MAX,
  REPORT_TYPES,
  STRESSOR_TYPES,
  createBehaviorChangeInputSchema,
  createMentalHealthConditionInputSchema,
  dsmCriterionAnswerInputSchema,
  isDsmItemOf,
  type BehaviorChange,
  type DsmCriterion,
  type DsmCriterionAnswerInput,
  type DsmCriterionLetter,
  type EvidenceSource,
  type MentalHealthCondition,
  type OfficialReport,
  type TraumaticEvent,
} from '@muster/contract/disability-records';
import { OTHER } from '@muster/contract/toxic-exposures';
import {
  useCallback,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRegisterAutosave } from '@/hooks/save-registry';
import type { Autosave } from '@/hooks/use-autosave';
import { isApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';

import {
  CheckboxListField,
  RadioChoiceField,
  SelectChoiceField,
  TextAreaField,
  TextInputField,
} from '../fields';
import { RecordList, type RecordForm } from '../record-list';
import { useStepForm } from '../use-step-form';
import {
  useDsmCriteria,
  useRecordWriter,
  useRecords,
  useSaveDsmCriterion,
  type RecordParent,
} from '../wizard-api';

/**
 * The four pages about a mental-health condition's trauma: what happened, how the veteran changed,
 * who can tell of it, and the DSM-5 PTSD criteria. All of them hang on the disability's
 * mental-health condition record. The events page asks which condition it is and creates the
 * record once the veteran answers (or adds an event); the other pages, while there is none, offer
 * to start it with the condition the title suggests, or point to the events page.
 *
 * The words are chosen with care: the veteran shares as much or as little as they are ready to,
 * may pause at any time, and for military sexual trauma and personal assault VA accepts other
 * evidence than a description of the event.
 */

type MentalHealthConditionKey = (typeof MENTAL_HEALTH_CONDITIONS)[number];
type StressorType = (typeof STRESSOR_TYPES)[number];
type ReportType = (typeof REPORT_TYPES)[number];
type EvidenceSourceType = (typeof EVIDENCE_SOURCE_TYPES)[number];
type BehaviorChangeKey = (typeof BEHAVIOR_CHANGE_KEYS)[number];
type DsmAnswer = (typeof DSM_ANSWERS)[number];
type ConditionParent = Required<RecordParent>;

const CONDITION_LABELS: Record<MentalHealthConditionKey, string> = {
  ptsd: 'Post-traumatic stress disorder (PTSD)',
  depression: 'Depression',
  anxiety: 'Anxiety',
  panic: 'Panic disorder',
  bipolar: 'Bipolar disorder',
  adjustment: 'Adjustment disorder',
  substance_use: 'Alcohol or drug use disorder',
  other: 'Another condition',
};

const STRESSOR_LABELS: Record<StressorType, string> = {
  combat: 'Combat, or fear of enemy or terrorist attack',
  non_combat: 'Another event in service, such as an accident, a disaster or a death you saw',
  personal_assault: 'A personal assault: someone attacked, threatened or hurt you',
  military_sexual_trauma:
    'Military sexual trauma (MST): sexual assault or sexual harassment during your service',
};

const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  restricted: 'Restricted report (a confidential sexual assault report)',
  unrestricted: 'Unrestricted report (a sexual assault report with an investigation)',
  military_police: 'Military police',
  civilian_police: 'Civilian police',
  chain_of_command: 'Chain of command',
  medical: 'A doctor, nurse or clinic',
  other: 'Something else',
};

const SOURCE_TYPE_LABELS: Record<EvidenceSourceType, string> = {
  buddy_statement: 'A statement from someone you served with',
  family_statement: 'A statement from family or a friend',
  medical_records: 'Medical records',
  counseling_records: 'Counseling or therapy records',
  clergy: 'A chaplain or member of the clergy',
  rape_crisis_center: 'A rape crisis or sexual assault support center',
  law_enforcement: 'Police records',
  military_records: 'Military records (evaluations, orders, disciplinary records)',
  personal_records: 'Your own records (a diary, letters, emails)',
  other: 'Something else',
};

const DSM_ANSWER_LABELS: Record<DsmAnswer, string> = {
  yes: 'Yes',
  no: 'No',
  unsure: 'Not sure',
};

const choicesOf = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

// The condition record ---------------------------------------------------------------------------

/** The condition a title most likely names (the veteran can change it). */
function guessCondition(title: string): MentalHealthConditionKey {
  const text = title.toLowerCase();
  if (/\bptsd\b|post[-\s]?traumatic/.test(text)) return 'ptsd';
  if (/bipolar|manic/.test(text)) return 'bipolar';
  if (/panic/.test(text)) return 'panic';
  if (/adjustment/.test(text)) return 'adjustment';
  if (/alcohol|substance|\bdrug|opioid|cannabis/.test(text)) return 'substance_use';
  if (/depress|dysthymi/.test(text)) return 'depression';
  if (/anxiety|anxious/.test(text)) return 'anxiety';
  return 'other';
}

type ConditionDraft = {
  condition: MentalHealthConditionKey | null;
  condition_details: string | null;
  stressor_types: StressorType[];
};

function guessedDraft(disability: Disability): ConditionDraft {
  const condition = guessCondition(disability.title);
  return {
    condition,
    // An unlisted condition is named in words: the disability's own title.
    condition_details: condition === 'other' ? disability.title.trim().slice(0, NAME_MAX) : null,
    stressor_types: [],
  };
}

const conditionDraftOf = (record: MentalHealthCondition): ConditionDraft => ({
  condition: record.condition,
  condition_details: record.condition_details,
  stressor_types: [...record.stressor_types],
});

/** The disability's mental-health condition records, the first (oldest) being the one used. */
function useConditionRecords(disability: Disability) {
  const conditions = useRecords('mental-health-conditions', { disabilityId: disability.id });
  const first = conditions.data
    ? [...conditions.data].sort((a, b) => a.created_at.localeCompare(b.created_at))[0]
    : undefined;
  return { conditions, condition: first };
}

function LoadFailed({ title, query }: { title: string; query: QueryLike }) {
  return (
    <QueryErrorPanel
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}
type QueryLike = { error: unknown; refetch: () => Promise<unknown>; isFetching: boolean };

/** One yes-or-no tick with its label (and an optional hint under it). */
function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(next) => onChange(next === true)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5"
      />
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} className="leading-snug font-normal">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-muted-foreground text-sm">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

type ConditionHandle = {
  /** Creates the record now (with what the form holds) if it does not exist; false if it cannot. */
  ensure: () => Promise<boolean>;
};

/**
 * Which condition, and what kind of stressor: saved as the condition record, created on the first
 * change (or when the veteran adds an event), changed from then on.
 */
function ConditionForm({
  disability,
  existing,
  handle,
}: {
  disability: Disability;
  existing: MentalHealthCondition | undefined;
  handle: Ref<ConditionHandle>;
}) {
  const writer = useRecordWriter('mental-health-conditions', { disabilityId: disability.id });
  const recordId = useRef<string | null>(existing?.id ?? null);
  // Saves and "create it now" run one after another, so the record is created once.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = (task: () => Promise<void>) => {
    const next = queue.current
      .catch(() => {
        // A failed save is retried by its own autosave; the next task goes ahead.
      })
      .then(task);
    queue.current = next;
    return next;
  };
  // The record's id, chosen here so a create sent again never makes a second one.
  const createKey = useRef(crypto.randomUUID());
  const write = async (value: ConditionDraft) => {
    if (recordId.current) {
      await writer.update(recordId.current, value);
      return;
    }
    const created = await writer.create(value, createKey.current);
    recordId.current = created.id;
  };

  const form = useStepForm<ConditionDraft>({
    initial: existing ? conditionDraftOf(existing) : guessedDraft(disability),
    schema: createMentalHealthConditionInputSchema,
    save: (value) => enqueue(() => write(value)),
  });
  const { value, set, errors } = form;

  useImperativeHandle(handle, () => ({
    ensure: async () => {
      if (!createMentalHealthConditionInputSchema.safeParse(value).success) return false;
      await enqueue(async () => {
        if (!recordId.current) await write(value);
      });
      return true;
    },
  }));

  return (
    <section aria-labelledby="trauma-condition-heading" className="flex min-w-0 flex-col gap-5">
      <h2 id="trauma-condition-heading" className="text-lg font-semibold">
        The condition
      </h2>
      <SelectChoiceField
        label="Which condition?"
        hint="The one you are claiming. Not sure of its name? Pick the closest."
        value={value.condition}
        onChange={(next) => set('condition', next)}
        choices={choicesOf(MENTAL_HEALTH_CONDITIONS, CONDITION_LABELS)}
        error={value.condition === null ? 'Choose the condition' : errors.condition}
      />
      {value.condition === 'other' ? (
        <TextInputField
          label="Name of the condition"
          value={value.condition_details}
          onChange={(next) => set('condition_details', next)}
          maxLength={NAME_MAX}
          error={errors.condition_details}
        />
      ) : null}
      <CheckboxListField
        label="What kind of experience is it connected to?"
        hint="Tick any that apply. You do not have to say more than you want to."
        value={value.stressor_types}
        onChange={(next) => set('stressor_types', next)}
        choices={choicesOf(STRESSOR_TYPES, STRESSOR_LABELS)}
        error={errors.stressor_types}
      />
    </section>
  );
}

/**
 * The pages after the first need the condition record. While there is none they say so, link to
 * the events page, and offer to start with the condition the title suggests.
 */
function ConditionGate({
  disability,
  children,
}: {
  disability: Disability;
  children: (parent: ConditionParent) => ReactNode;
}) {
  const { conditions, condition } = useConditionRecords(disability);
  const writer = useRecordWriter('mental-health-conditions', { disabilityId: disability.id });
  const [isCreating, setCreating] = useState(false);
  const isStarted = useRef(false);

  if (conditions.isError) {
    return <LoadFailed title="We could not load your condition" query={conditions} />;
  }
  if (!conditions.data) return <PageSpinner label="Loading your answers" />;
  if (condition) return children({ disabilityId: disability.id, conditionId: condition.id });

  const guess = guessedDraft(disability);
  const guessed = guessCondition(disability.title);
  const guessLabel = guessed === 'other' ? guess.condition_details : CONDITION_LABELS[guessed];

  const handleStart = () => {
    // One record, however often the button is pressed.
    if (isStarted.current) return;
    isStarted.current = true;
    setCreating(true);
    writer.create(guess).then(
      () => setCreating(false),
      (error: unknown) => {
        isStarted.current = false;
        setCreating(false);
        toastError(error);
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-md border p-4 text-sm">
      <p>
        These questions belong to the condition you are claiming, which is not set yet. You can
        choose it on the{' '}
        <Link
          to={paths.disabilities.wizardStep.getHref(disability.id, 'trauma-events')}
          className="font-medium underline underline-offset-4"
        >
          Traumatic events
        </Link>{' '}
        page (you do not have to describe any event there), or start here with “{guessLabel}”. You
        can change it later.
      </p>
      <div>
        <Button type="button" onClick={handleStart} disabled={isCreating}>
          {isCreating ? 'Starting…' : 'Start these questions'}
        </Button>
      </div>
    </div>
  );
}

// Traumatic events -------------------------------------------------------------------------------

type EventDraft = {
  description: string;
  date: string | null;
  date_is_approximate: boolean;
  location: string | null;
  unit: string | null;
  is_mst: boolean;
};

const BLANK_EVENT: EventDraft = {
  description: '',
  date: null,
  date_is_approximate: false,
  location: null,
  unit: null,
  is_mst: false,
};

const eventDraftOf = (record: TraumaticEvent): EventDraft => ({
  description: record.description,
  date: record.date,
  date_is_approximate: record.date_is_approximate,
  location: record.location,
  unit: record.unit,
  is_mst: record.is_mst,
});

const EVENTS_HEADING = 'What happened';
const NO_EVENTS = 'No events yet.';

export function TraumaEventsStep({ disability }: { disability: Disability }) {
  const { conditions, condition } = useConditionRecords(disability);
  if (conditions.isError) {
    return <LoadFailed title="We could not load your answers" query={conditions} />;
  }
  if (!conditions.data) return <PageSpinner label="Loading your answers" />;
  return <TraumaEventsForm disability={disability} condition={condition} />;
}

function TraumaEventsForm({
  disability,
  condition,
}: {
  disability: Disability;
  condition: MentalHealthCondition | undefined;
}) {
  const conditionForm = useRef<ConditionHandle>(null);
  // Adding the first event creates the condition record first; the list opens once it exists.
  const [adding, setAdding] = useState<'idle' | 'creating' | 'added'>('idle');
  const [addProblem, setAddProblem] = useState<string | null>(null);

  const handleFirstAdd = () => {
    if (adding === 'creating' || !conditionForm.current) return;
    setAdding('creating');
    setAddProblem(null);
    conditionForm.current.ensure().then(
      (isCreated) => {
        if (isCreated) {
          setAdding('added');
        } else {
          setAdding('idle');
          setAddProblem('Choose the condition above first.');
        }
      },
      (error: unknown) => {
        setAdding('idle');
        toastError(error);
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="grid gap-3">
        <p>
          Tell us what happened, in your own words. Share as much or as little as you are ready to.
          You can pause at any time: what you type is saved as you go, and you can come back to it
          later.
        </p>
        <p>
          For military sexual trauma or a personal assault, VA also accepts other evidence, such as
          changes in your behavior afterwards or reports made at the time. You do not have to
          describe the event in detail for your claim to be considered.
        </p>
      </div>
      <ConditionForm disability={disability} existing={condition} handle={conditionForm} />
      {condition && adding !== 'creating' ? (
        <RecordList
          kind="traumatic-events"
          parent={{ disabilityId: disability.id, conditionId: condition.id }}
          noun="event"
          heading={EVENTS_HEADING}
          description="One event at a time. Only the description is needed; add the rest if you know it."
          emptyText={NO_EVENTS}
          blank={BLANK_EVENT}
          fromRecord={eventDraftOf}
          requiredMessages={{ description: 'Describe what happened, in a few words if you like' }}
          startWithBlank={adding === 'added'}
        >
          {(form) => <EventFields form={form} />}
        </RecordList>
      ) : (
        <section aria-labelledby="trauma-events-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="trauma-events-heading" className="text-lg font-semibold">
            {EVENTS_HEADING}
          </h2>
          <p className="text-muted-foreground text-sm">{NO_EVENTS}</p>
          {addProblem ? (
            <p role="alert" className="text-destructive text-sm">
              {addProblem}
            </p>
          ) : null}
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={handleFirstAdd}
              disabled={adding === 'creating'}
            >
              Add an event
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

function EventFields({ form }: { form: RecordForm<EventDraft> }) {
  const { value, set, errors } = form;
  return (
    <>
      <TextAreaField
        label="What happened?"
        hint="As much or as little as you are ready to share."
        value={value.description}
        onChange={(next) => set('description', next ?? '')}
        maxLength={NARRATIVE_MAX}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          type="date"
          label="When did it happen?"
          value={value.date}
          onChange={(next) => set('date', next)}
          error={errors.date}
        />
        <div className="flex items-end pb-2">
          <CheckboxField
            label="The date is approximate"
            checked={value.date_is_approximate}
            onChange={(next) => set('date_is_approximate', next)}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Where?"
          hint="A base, a town, a country."
          value={value.location}
          onChange={(next) => set('location', next)}
          maxLength={PLACE_MAX}
          error={errors.location}
        />
        <TextInputField
          label="Your unit at the time"
          value={value.unit}
          onChange={(next) => set('unit', next)}
          maxLength={NAME_MAX}
          error={errors.unit}
        />
      </div>
      <CheckboxField
        label="This was military sexual trauma (MST)"
        hint="Sexual assault or sexual harassment during service. VA accepts other evidence for it, such as changes in behavior or reports."
        checked={value.is_mst}
        onChange={(next) => set('is_mst', next)}
      />
    </>
  );
}

// Behaviour changes ------------------------------------------------------------------------------

const BEHAVIOR_LABELS: Record<BehaviorChangeKey, string> = {
  ...BEHAVIOR_CHANGES,
  other: 'Something else',
};

export function TraumaBehaviorsStep({ disability }: { disability: Disability }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="grid gap-3">
        <p>
          After a trauma, and especially after military sexual trauma or a personal assault, changes
          in how you acted or felt can support your claim, even if nothing was reported at the time.
          These are the changes VA asks about, in VA’s words.
        </p>
        <p>
          Tick any that fit. Saying what changed and when helps, but it is optional. You can stop at
          any time.
        </p>
      </div>
      <ConditionGate disability={disability}>
        {(parent) => <BehaviorChanges parent={parent} />}
      </ConditionGate>
    </div>
  );
}

function BehaviorChanges({ parent }: { parent: ConditionParent }) {
  const records = useRecords('behavior-changes', parent);
  if (records.isError) {
    return <LoadFailed title="We could not load your answers" query={records} />;
  }
  if (!records.data) return <PageSpinner label="Loading your answers" />;
  return <BehaviorChangeList parent={parent} records={records.data} />;
}

type BehaviorDraft = {
  change: BehaviorChangeKey;
  description: string | null;
  noticed_on: string | null;
};

/**
 * Ticking a change creates its record, unticking deletes it. Each change's writes run one after
 * another, and each reads what is wanted when it runs, so quick ticks and unticks create at most
 * one record and leave the server as the box shows. "Something else" is created with its
 * description, which it needs.
 */
function BehaviorChangeList({
  parent,
  records,
}: {
  parent: ConditionParent;
  records: BehaviorChange[];
}) {
  const writer = useRecordWriter('behavior-changes', parent);
  // The record of each change (the oldest, should there be two).
  const [stored] = useState(() => {
    const byChange = new Map<BehaviorChangeKey, BehaviorChange>();
    for (const record of [...records].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
      if (!byChange.has(record.change)) byChange.set(record.change, record);
    }
    return byChange;
  });
  const ids = useRef(new Map([...stored].map(([change, record]) => [change, record.id])));
  const wanted = useRef(new Map([...stored.keys()].map((change) => [change, true])));
  const queues = useRef(new Map<BehaviorChangeKey, Promise<void>>());
  const [checked, setChecked] = useState(() => new Set(stored.keys()));
  // What a change's details start from: its saved record, until it is unticked (and deleted).
  const [seeds, setSeeds] = useState(() => new Map(stored));
  const [pending, setPending] = useState(0);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const enqueue = (change: BehaviorChangeKey, task: () => Promise<void>) => {
    setPending((count) => count + 1);
    const next = (queues.current.get(change) ?? Promise.resolve())
      .catch(() => {
        // Handled where it was raised; the next write goes ahead.
      })
      .then(task)
      .then(() => setSavedAt(new Date()))
      .finally(() => setPending((count) => count - 1));
    queues.current.set(change, next);
    return next;
  };

  const create = async (input: BehaviorDraft) => {
    const created = await writer.create(input);
    ids.current.set(input.change, created.id);
  };

  /** Makes the server hold what the box shows. */
  const sync = async (change: BehaviorChangeKey) => {
    const id = ids.current.get(change);
    const isWanted = wanted.current.get(change) === true;
    // "Something else" waits for its description (its details form creates it).
    if (isWanted && !id && change !== OTHER) {
      await create({ change, description: null, noticed_on: null });
    } else if (!isWanted && id) {
      try {
        await writer.remove(id);
      } catch (error) {
        // Already gone is what was wanted.
        if (!(isApiError(error) && error.status === 404)) throw error;
      }
      ids.current.delete(change);
    }
  };

  const setBox = (change: BehaviorChangeKey, isChecked: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (isChecked) next.add(change);
      else next.delete(change);
      return next;
    });

  const handleToggle = (change: BehaviorChangeKey, isChecked: boolean) => {
    wanted.current.set(change, isChecked);
    setBox(change, isChecked);
    if (!isChecked) {
      setSeeds((previous) => {
        const next = new Map(previous);
        next.delete(change);
        return next;
      });
    }
    enqueue(change, () => sync(change)).catch((error: unknown) => {
      // The box goes back to what the server holds, and the failure is said.
      const isSaved = ids.current.has(change);
      wanted.current.set(change, isSaved);
      setBox(change, isSaved);
      toastError(error);
    });
  };

  /** A change's details: saved on its record, which "Something else" creates with them. */
  const saveDetails = (value: BehaviorDraft) =>
    enqueue(value.change, async () => {
      if (wanted.current.get(value.change) !== true) return;
      const id = ids.current.get(value.change);
      if (id) await writer.update(id, value);
      else await create(value);
    });

  // The ticks are part of the page's "saved" state, and leaving waits for them.
  const flush = useCallback(async () => {
    await Promise.allSettled([...queues.current.values()]);
    return true;
  }, []);
  const autosave = useMemo<Autosave>(
    () => ({ state: pending > 0 ? 'saving' : 'saved', savedAt, error: null, flush }),
    [pending, savedAt, flush],
  );
  useRegisterAutosave(autosave);

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 font-semibold">Changes you noticed after the event</legend>
      <ul className="grid gap-4">
        {BEHAVIOR_CHANGE_KEYS.map((change) => {
          const isChecked = checked.has(change);
          const record = seeds.get(change);
          return (
            <li key={change} className="grid min-w-0 gap-3">
              <CheckboxField
                label={BEHAVIOR_LABELS[change]}
                checked={isChecked}
                onChange={(next) => handleToggle(change, next)}
              />
              {isChecked ? (
                <BehaviorDetails
                  change={change}
                  initial={{
                    change,
                    description: record?.description ?? null,
                    noticed_on: record?.noticed_on ?? null,
                  }}
                  save={saveDetails}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function BehaviorDetails({
  change,
  initial,
  save,
}: {
  change: BehaviorChangeKey;
  initial: BehaviorDraft;
  save: (value: BehaviorDraft) => Promise<void>;
}) {
  const [isTouched, setTouched] = useState(false);
  const form = useStepForm<BehaviorDraft>({
    initial,
    schema: createBehaviorChangeInputSchema,
    save,
    validate: isTouched,
  });
  const isOther = change === OTHER;
  return (
    <fieldset className="ms-7 grid min-w-0 gap-3 border-s-2 ps-4">
      <legend className="sr-only">What changed, and when: {BEHAVIOR_LABELS[change]}</legend>
      <TextAreaField
        label={isOther ? 'What changed?' : 'What changed, and when? (optional)'}
        hint={isOther ? 'Say what changed; it is saved once you do.' : undefined}
        rows={3}
        value={form.value.description}
        onChange={(next) => {
          setTouched(true);
          form.set('description', next);
        }}
        maxLength={NOTE_MAX}
        error={form.errors.description}
      />
      <TextInputField
        type="date"
        label="When did you first notice it? (optional)"
        value={form.value.noticed_on}
        onChange={(next) => {
          setTouched(true);
          form.set('noticed_on', next);
        }}
        error={form.errors.noticed_on}
      />
    </fieldset>
  );
}

// Reports and evidence ---------------------------------------------------------------------------

type ReportDraft = {
  report_type: ReportType | null;
  agency: string | null;
  report_number: string | null;
  report_date: string | null;
  description: string | null;
};

const BLANK_REPORT: ReportDraft = {
  report_type: null,
  agency: null,
  report_number: null,
  report_date: null,
  description: null,
};

const reportDraftOf = (record: OfficialReport): ReportDraft => ({
  report_type: record.report_type,
  agency: record.agency,
  report_number: record.report_number,
  report_date: record.report_date,
  description: record.description,
});

type SourceDraft = {
  source_type: EvidenceSourceType | null;
  name: string | null;
  contact: string | null;
  description: string | null;
  obtained: boolean | null;
};

const BLANK_SOURCE: SourceDraft = {
  source_type: null,
  name: null,
  contact: null,
  description: null,
  obtained: null,
};

const sourceDraftOf = (record: EvidenceSource): SourceDraft => ({
  source_type: record.source_type,
  name: record.name,
  contact: record.contact,
  description: record.description,
  obtained: record.obtained,
});

export function TraumaEvidencesStep({ disability }: { disability: Disability }) {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <p>
        Reports made at the time, and people or records that can tell of the event or of how you
        changed, support your claim. For military sexual trauma or a personal assault, VA accepts
        many kinds of evidence besides military records: police or medical records, a rape crisis
        center, a chaplain, letters or a diary, statements from family and friends. List what you
        know of; you do not need to have it in hand.
      </p>
      <ConditionGate disability={disability}>
        {(parent) => (
          <>
            <RecordList
              kind="official-reports"
              parent={parent}
              noun="report"
              heading="Reports made of the event"
              emptyText="No reports yet. If you did not report it, that is common; you can skip this."
              blank={BLANK_REPORT}
              fromRecord={reportDraftOf}
              requiredMessages={{ report_type: 'Choose the kind of report' }}
            >
              {(form) => <ReportFields form={form} />}
            </RecordList>
            <RecordList
              kind="evidence-sources"
              parent={parent}
              noun="source"
              heading="Other evidence"
              description="People who knew you then, records that show a change, anything that backs up what you say."
              emptyText="No evidence listed yet."
              blank={BLANK_SOURCE}
              fromRecord={sourceDraftOf}
              requiredMessages={{ source_type: 'Choose the kind of evidence' }}
            >
              {(form) => <SourceFields form={form} />}
            </RecordList>
          </>
        )}
      </ConditionGate>
    </div>
  );
}

function ReportFields({ form }: { form: RecordForm<ReportDraft> }) {
  const { value, set, errors } = form;
  return (
    <>
      <SelectChoiceField
        label="Kind of report"
        value={value.report_type}
        onChange={(next) => set('report_type', next)}
        choices={choicesOf(REPORT_TYPES, REPORT_TYPE_LABELS)}
        error={errors.report_type}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Who took the report?"
          hint="An office, a police department, a commander."
          value={value.agency}
          onChange={(next) => set('agency', next)}
          maxLength={NAME_MAX}
          error={errors.agency}
        />
        <TextInputField
          label="Report number"
          hint="If you have it."
          value={value.report_number}
          onChange={(next) => set('report_number', next)}
          maxLength={100}
          error={errors.report_number}
        />
      </div>
      <TextInputField
        type="date"
        label="Date of the report"
        value={value.report_date}
        onChange={(next) => set('report_date', next)}
        error={errors.report_date}
      />
      <TextAreaField
        label="Anything else about it"
        hint="What was reported, what came of it."
        rows={3}
        value={value.description}
        onChange={(next) => set('description', next)}
        maxLength={NOTE_MAX}
        error={errors.description}
      />
    </>
  );
}

function SourceFields({ form }: { form: RecordForm<SourceDraft> }) {
  const { value, set, errors } = form;
  return (
    <>
      <SelectChoiceField
        label="Kind of evidence"
        value={value.source_type}
        onChange={(next) => set('source_type', next)}
        choices={choicesOf(EVIDENCE_SOURCE_TYPES, SOURCE_TYPE_LABELS)}
        error={errors.source_type}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Name of the person or office"
          value={value.name}
          onChange={(next) => set('name', next)}
          maxLength={NAME_MAX}
          error={errors.name}
        />
        <TextInputField
          label="How to reach them"
          hint="A phone number, an email or an address."
          value={value.contact}
          onChange={(next) => set('contact', next)}
          maxLength={NAME_MAX}
          error={errors.contact}
        />
      </div>
      <TextAreaField
        label="What it shows"
        rows={3}
        value={value.description}
        onChange={(next) => set('description', next)}
        maxLength={NOTE_MAX}
        error={errors.description}
      />
      <CheckboxField
        label="I already have it"
        checked={value.obtained === true}
        onChange={(next) => set('obtained', next)}
      />
    </>
  );
}

// DSM-5 criteria ---------------------------------------------------------------------------------

export function TraumaCriteriaStep({ disability }: { disability: Disability }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="grid gap-3">
        <p className="font-medium">This is not a diagnosis.</p>
        <p>
          Only a doctor or psychologist can diagnose PTSD. These are the areas VA’s examiners ask
          about (the DSM-5 criteria for PTSD). Note what you notice in yourself, so you can share it
          with your examiner. Skip anything you are not sure of, and stop whenever you need to.
        </p>
      </div>
      <ConditionGate disability={disability}>
        {(parent) => <DsmCriteria parent={parent} />}
      </ConditionGate>
    </div>
  );
}

function DsmCriteria({ parent }: { parent: ConditionParent }) {
  const criteria = useDsmCriteria(parent);
  const save = useSaveDsmCriterion(parent);
  if (criteria.isError) {
    return <LoadFailed title="We could not load your answers" query={criteria} />;
  }
  if (!criteria.data) return <PageSpinner label="Loading your answers" />;
  const stored = criteria.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {DSM_CRITERIA.map((letter) => (
        <CriterionForm
          key={letter}
          letter={letter}
          stored={stored.find((entry) => entry.criterion === letter)}
          save={(value) => save(letter, value)}
        />
      ))}
    </div>
  );
}

type CriterionDraft = { met: DsmAnswer | null; items: string[]; explanation: string | null };

function criterionDraftOf(letter: DsmCriterionLetter, stored: DsmCriterion | undefined) {
  const answers = stored?.answers;
  return {
    met: answers?.met ?? null,
    items: (answers?.items ?? []).filter((item) => isDsmItemOf(letter, item)),
    explanation: answers?.explanation ?? null,
  } satisfies CriterionDraft;
}

/** One criterion: does it fit, which signs, in the veteran's words; saved whole on each change. */
function CriterionForm({
  letter,
  stored,
  save,
}: {
  letter: DsmCriterionLetter;
  stored: DsmCriterion | undefined;
  save: (value: DsmCriterionAnswerInput) => Promise<unknown>;
}) {
  const criterion = DSM_CRITERION_ITEMS[letter];
  const form = useStepForm<CriterionDraft>({
    initial: criterionDraftOf(letter, stored),
    schema: dsmCriterionAnswerInputSchema,
    save: (value) => save(value as DsmCriterionAnswerInput),
  });
  const { value, set, errors } = form;
  const signs = Object.entries(criterion.items).map(([item, label]) => ({
    value: item,
    label: label as string,
  }));
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold">
        {letter}. {criterion.label}
      </legend>
      <RadioChoiceField
        label="Is this true for you?"
        value={value.met}
        onChange={(next) => set('met', next)}
        choices={choicesOf(DSM_ANSWERS, DSM_ANSWER_LABELS)}
        error={errors.met}
      />
      <CheckboxListField
        label="What you notice"
        hint="Tick any that fit."
        value={value.items}
        onChange={(next) => set('items', next)}
        choices={signs}
        error={errors.items}
      />
      <TextAreaField
        label="In your own words (optional)"
        hint="What happens, and how often."
        rows={3}
        value={value.explanation}
        onChange={(next) => set('explanation', next)}
        maxLength={NARRATIVE_MAX}
        error={errors.explanation}
      />
    </fieldset>
  );
}
