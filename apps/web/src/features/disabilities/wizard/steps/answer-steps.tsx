import {
  EMPLOYMENT_STATUSES,
  FLARE_UP_DURATIONS,
  FREQUENCIES,
  MAX_SYMPTOMS,
  NARRATIVE_MAX,
  NOTE_MAX,
  SYMPTOM_TRENDS,
  disabilityWizardStepSchemas,
  type AnswerStep,
  type StepAnswers,
} from '@muster/contract/disabilities';
import type { ReactNode } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageSpinner } from '@/components/ui/spinner';

import {
  LinesField,
  RadioChoiceField,
  SelectChoiceField,
  TextAreaField,
  TextInputField,
  YesNoField,
  type Choice,
} from '../fields';
import {
  DURATION_LABELS,
  EMPLOYMENT_LABELS,
  FREQUENCY_LABELS,
  QUESTIONS,
  TREND_LABELS,
} from '../answer-questions';
import { useStepForm } from '../use-step-form';
import { useSaveStepAnswers, useStepAnswers } from '../wizard-api';

/**
 * The five pages whose answers are one document each: symptoms in and after service, flare-ups,
 * work and daily life. The page loads what is saved, and each change saves the page whole.
 */

const FREQUENCY_CHOICES = FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

const SEVERITY_CHOICES: Choice<string>[] = Array.from({ length: 10 }, (_, index) => {
  const value = String(index + 1);
  const label =
    index === 0 ? '1 (barely noticeable)' : index === 9 ? '10 (the worst imaginable)' : value;
  return { value, label };
});

const DAYS_CHOICES: Choice<string>[] = Array.from({ length: 32 }, (_, days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

type FormOf<S extends AnswerStep> = ReturnType<typeof useStepForm<StepAnswers<S>>>;

/** Loads a step's saved answers, then renders its fields over an autosaved form. */
function AnswerStepLoader<S extends AnswerStep>({
  disabilityId,
  step,
  children,
}: {
  disabilityId: string;
  step: S;
  children: (form: FormOf<S>) => ReactNode;
}) {
  const stored = useStepAnswers(disabilityId, step);
  if (stored.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your answers"
        error={stored.error}
        onRetry={() => void stored.refetch()}
        isRetrying={stored.isFetching}
      />
    );
  }
  if (!stored.data) return <PageSpinner label="Loading your answers" />;
  return (
    <AnswerStepForm
      disabilityId={disabilityId}
      step={step}
      initial={(stored.data.answers ?? {}) as StepAnswers<S>}
    >
      {children}
    </AnswerStepForm>
  );
}

function AnswerStepForm<S extends AnswerStep>({
  disabilityId,
  step,
  initial,
  children,
}: {
  disabilityId: string;
  step: S;
  initial: StepAnswers<S>;
  children: (form: FormOf<S>) => ReactNode;
}) {
  const save = useSaveStepAnswers(disabilityId, step);
  const form = useStepForm<StepAnswers<S>>({
    initial,
    schema: disabilityWizardStepSchemas[step],
    save,
  });
  return <div className="flex flex-col gap-6">{children(form)}</div>;
}

type StepProps = { disabilityId: string };

export function MilitarySymptomsStep({ disabilityId }: StepProps) {
  return (
    <AnswerStepLoader disabilityId={disabilityId} step="military-symptoms">
      {({ value, set, errors }) => (
        <>
          <TextAreaField
            label={QUESTIONS['military-symptoms'].in_service_event}
            hint="An injury, an event, a duty or an exposure: what it was, where and when."
            value={value.in_service_event}
            onChange={(next) => set('in_service_event', next)}
            maxLength={NARRATIVE_MAX}
            error={errors.in_service_event}
          />
          <LinesField
            label={QUESTIONS['military-symptoms'].symptoms}
            hint="One per line, such as “knee gave way on runs” or “trouble sleeping”."
            value={value.symptoms}
            onChange={(next) => set('symptoms', next)}
            maxItems={MAX_SYMPTOMS}
            error={
              errors.symptoms ??
              Object.entries(errors).find(([key]) => key.startsWith('symptoms.'))?.[1]
            }
          />
          <TextInputField
            type="date"
            label={QUESTIONS['military-symptoms'].started_on}
            hint="As near as you remember."
            value={value.started_on}
            onChange={(next) => set('started_on', next)}
            error={errors.started_on}
          />
          <TextAreaField
            label={QUESTIONS['military-symptoms'].description}
            value={value.description}
            onChange={(next) => set('description', next)}
            maxLength={NARRATIVE_MAX}
            error={errors.description}
          />
          <YesNoField
            label={QUESTIONS['military-symptoms'].reported_during_service}
            value={value.reported_during_service}
            onChange={(next) => set('reported_during_service', next)}
            error={errors.reported_during_service}
          />
          {value.reported_during_service ? (
            <TextAreaField
              label={QUESTIONS['military-symptoms'].report_details}
              hint="Sick call, a medic, a corpsman, your chain of command: whatever you remember."
              value={value.report_details}
              onChange={(next) => set('report_details', next)}
              maxLength={NOTE_MAX}
              error={errors.report_details}
            />
          ) : null}
        </>
      )}
    </AnswerStepLoader>
  );
}

export function PostMilitarySymptomsStep({ disabilityId }: StepProps) {
  return (
    <AnswerStepLoader disabilityId={disabilityId} step="post-military-symptoms">
      {({ value, set, errors }) => (
        <>
          <LinesField
            label={QUESTIONS['post-military-symptoms'].symptoms}
            hint="One per line, such as “pain climbing stairs” or “nightmares”."
            value={value.symptoms}
            onChange={(next) => set('symptoms', next)}
            maxItems={MAX_SYMPTOMS}
            error={
              errors.symptoms ??
              Object.entries(errors).find(([key]) => key.startsWith('symptoms.'))?.[1]
            }
          />
          <SelectChoiceField
            label={QUESTIONS['post-military-symptoms'].frequency}
            value={value.frequency}
            onChange={(next) => set('frequency', next)}
            choices={FREQUENCY_CHOICES}
            error={errors.frequency}
          />
          <RadioChoiceField
            label={QUESTIONS['post-military-symptoms'].trend}
            value={value.trend}
            onChange={(next) => set('trend', next)}
            choices={SYMPTOM_TRENDS.map((trend) => ({ value: trend, label: TREND_LABELS[trend] }))}
            error={errors.trend}
          />
          <TextAreaField
            label={QUESTIONS['post-military-symptoms'].description}
            hint="On a typical day and on a bad day: what hurts, what you notice, what you avoid."
            value={value.description}
            onChange={(next) => set('description', next)}
            maxLength={NARRATIVE_MAX}
            error={errors.description}
          />
        </>
      )}
    </AnswerStepLoader>
  );
}

export function FlareUpsStep({ disabilityId }: StepProps) {
  return (
    <AnswerStepLoader disabilityId={disabilityId} step="flare-ups">
      {({ value, set, errors }) => (
        <>
          <YesNoField
            label={QUESTIONS['flare-ups'].has_flare_ups}
            value={value.has_flare_ups}
            onChange={(next) => set('has_flare_ups', next)}
            error={errors.has_flare_ups}
          />
          {value.has_flare_ups ? (
            <>
              <SelectChoiceField
                label={QUESTIONS['flare-ups'].frequency}
                value={value.frequency}
                onChange={(next) => set('frequency', next)}
                choices={FREQUENCY_CHOICES}
                error={errors.frequency}
              />
              <SelectChoiceField
                label={QUESTIONS['flare-ups'].duration}
                value={value.duration}
                onChange={(next) => set('duration', next)}
                choices={FLARE_UP_DURATIONS.map((duration) => ({
                  value: duration,
                  label: DURATION_LABELS[duration],
                }))}
                error={errors.duration}
              />
              <SelectChoiceField
                label={QUESTIONS['flare-ups'].severity}
                value={
                  value.severity === null || value.severity === undefined
                    ? null
                    : String(value.severity)
                }
                onChange={(next) => set('severity', next === null ? null : Number(next))}
                choices={SEVERITY_CHOICES}
                error={errors.severity}
              />
              <TextAreaField
                label={QUESTIONS['flare-ups'].triggers}
                hint="Weather, activity, stress, standing or sitting too long…"
                value={value.triggers}
                onChange={(next) => set('triggers', next)}
                maxLength={NOTE_MAX}
                error={errors.triggers}
              />
              <TextAreaField
                label={QUESTIONS['flare-ups'].limitations}
                hint="Be specific: “cannot walk more than a block”, “stay in bed for two days”."
                value={value.limitations}
                onChange={(next) => set('limitations', next)}
                maxLength={NARRATIVE_MAX}
                error={errors.limitations}
              />
            </>
          ) : null}
        </>
      )}
    </AnswerStepLoader>
  );
}

export function ProfessionalImpactsStep({ disabilityId }: StepProps) {
  return (
    <AnswerStepLoader disabilityId={disabilityId} step="professional-impacts">
      {({ value, set, errors }) => (
        <>
          <SelectChoiceField
            label={QUESTIONS['professional-impacts'].employment_status}
            value={value.employment_status}
            onChange={(next) => set('employment_status', next)}
            choices={EMPLOYMENT_STATUSES.map((status) => ({
              value: status,
              label: EMPLOYMENT_LABELS[status],
            }))}
            error={errors.employment_status}
          />
          <SelectChoiceField
            label={QUESTIONS['professional-impacts'].missed_days_per_month}
            value={
              value.missed_days_per_month === null || value.missed_days_per_month === undefined
                ? null
                : String(value.missed_days_per_month)
            }
            onChange={(next) => set('missed_days_per_month', next === null ? null : Number(next))}
            choices={DAYS_CHOICES}
            emptyLabel="Not sure"
            error={errors.missed_days_per_month}
          />
          <YesNoField
            label={QUESTIONS['professional-impacts'].lost_employment}
            value={value.lost_employment}
            onChange={(next) => set('lost_employment', next)}
            error={errors.lost_employment}
          />
          <TextAreaField
            label={QUESTIONS['professional-impacts'].description}
            hint="Tasks you cannot do, breaks you need, time off, mistakes, conflicts, lost pay."
            value={value.description}
            onChange={(next) => set('description', next)}
            maxLength={NARRATIVE_MAX}
            error={errors.description}
          />
          <TextAreaField
            label={QUESTIONS['professional-impacts'].accommodations}
            hint="A different role, lighter duty, a special chair, working from home."
            value={value.accommodations}
            onChange={(next) => set('accommodations', next)}
            maxLength={NOTE_MAX}
            error={errors.accommodations}
          />
        </>
      )}
    </AnswerStepLoader>
  );
}

export function SocialImpactsStep({ disabilityId }: StepProps) {
  return (
    <AnswerStepLoader disabilityId={disabilityId} step="social-impacts">
      {({ value, set, errors }) => (
        <>
          <TextAreaField
            label={QUESTIONS['social-impacts'].description}
            value={value.description}
            onChange={(next) => set('description', next)}
            maxLength={NARRATIVE_MAX}
            error={errors.description}
          />
          <TextAreaField
            label={QUESTIONS['social-impacts'].relationships}
            hint="What has changed with the people close to you."
            value={value.relationships}
            onChange={(next) => set('relationships', next)}
            maxLength={NOTE_MAX}
            error={errors.relationships}
          />
          <TextAreaField
            label={QUESTIONS['social-impacts'].daily_activities}
            hint="Chores, driving, shopping, dressing, sleep: what is hard or needs help."
            value={value.daily_activities}
            onChange={(next) => set('daily_activities', next)}
            maxLength={NOTE_MAX}
            error={errors.daily_activities}
          />
          <TextAreaField
            label={QUESTIONS['social-impacts'].activities_given_up}
            hint="Hobbies, sports, trips, events you no longer do."
            value={value.activities_given_up}
            onChange={(next) => set('activities_given_up', next)}
            maxLength={NOTE_MAX}
            error={errors.activities_given_up}
          />
        </>
      )}
    </AnswerStepLoader>
  );
}
