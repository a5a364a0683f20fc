import { ANSWER_STEPS, type Disability } from '@muster/contract/disabilities';
import type { DisabilityWizardStep } from '@muster/contract/wizard-steps';
import { wizardSteps, type WizardPlanInput } from '@muster/domain/disability-wizard';
import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { saveFile } from '@/utils/save-file';

import {
  answersDocument,
  missingPieces,
  summarizeAnswerStep,
  summarizeBehaviorChanges,
  summarizeExposures,
  summarizeTraumaEvents,
  summarizeTreatments,
  type StepSummary,
} from '../answer-summary';
import { MissingPieces } from '../claim-progress';
import { useAllAnswers, useRecords } from '../wizard-api';

type ReviewProps = { disability: Disability; plan: WizardPlanInput };

/** Everything the review and the download show, once loaded; the page's failure or spinner else. */
function useReview({ disability, plan }: ReviewProps) {
  const steps = wizardSteps(plan);
  const applies = (step: DisabilityWizardStep) => steps.includes(step);
  const answers = useAllAnswers(disability.id);
  const treatments = useRecords('treatments', { disabilityId: disability.id });
  const exposures = useRecords('exposures', { disabilityId: disability.id });
  // The trauma pages' records hang on the condition's mental-health record (the first one).
  const isMental = applies('trauma-events');
  const conditions = useRecords(
    'mental-health-conditions',
    { disabilityId: disability.id },
    { enabled: isMental },
  );
  const conditionId = conditions.data?.[0]?.id;
  const parent = { disabilityId: disability.id, conditionId };
  const events = useRecords('traumatic-events', parent, { enabled: Boolean(conditionId) });
  const changes = useRecords('behavior-changes', parent, { enabled: Boolean(conditionId) });
  const queries = [answers, treatments, exposures, conditions, events, changes];
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return {
      fallback: (
        <QueryErrorPanel
          title="We could not load your answers"
          error={failed.error}
          onRetry={() => queries.forEach((query) => void query.refetch())}
        />
      ),
    } as const;
  }
  const isTraumaLoading =
    isMental && (!conditions.data || (conditionId && (!events.data || !changes.data)));
  if (!answers.data || !treatments.data || !exposures.data || isTraumaLoading) {
    return { fallback: <PageSpinner label="Loading your answers" /> } as const;
  }
  const sections: StepSummary[] = [];
  for (const stored of answers.data.results) {
    if (!applies(stored.step)) continue;
    sections.push(summarizeAnswerStep(stored));
    if (stored.step === 'flare-ups') sections.push(summarizeTreatments(treatments.data));
  }
  if (applies('exposures')) sections.push(summarizeExposures(exposures.data));
  if (isMental) {
    sections.push(summarizeTraumaEvents(events.data ?? []));
    sections.push(summarizeBehaviorChanges(changes.data ?? []));
  }
  const missing = missingPieces({
    disability,
    steps,
    answers: answers.data.results,
    treatments: treatments.data,
    traumaticEvents: events.data ?? [],
  });
  return { sections, missing } as const;
}

/** The order of the document steps and the record steps as the wizard visits them. */
const REVIEWED_STEPS: readonly DisabilityWizardStep[] = [
  ...ANSWER_STEPS,
  'treatments',
  'exposures',
  'trauma-events',
  'trauma-behaviors',
];

export type GenerateStepProps = ReviewProps & {
  /** The personal statement itself (written, edited, its versions), shown before the answers. */
  statement: ReactNode;
};

/**
 * The statement and the answers it is written from: the statement first, then each page's
 * answers in the veteran's words, with a way back to change them, and what a rater would still
 * look for.
 */
export function GenerateStep({ statement, ...props }: GenerateStepProps) {
  const review = useReview(props);
  const { disability } = props;
  return (
    <div className="flex flex-col gap-10">
      {statement}
      {'fallback' in review ? (
        review.fallback
      ) : (
        <div className="flex flex-col gap-8 border-t pt-6">
          <p className="text-muted-foreground max-w-prose">
            Your personal statement is written from these answers, in your own words. Check that
            they say what you mean; change any page with its link.
          </p>
          <MissingPieces
            disabilityId={disability.id}
            headingId="still-missing"
            pieces={review.missing}
          />
          {review.sections
            .filter((section) => REVIEWED_STEPS.includes(section.step))
            .map((section) => (
              <section
                key={section.step}
                aria-labelledby={`review-${section.step}`}
                className="flex min-w-0 flex-col gap-3 rounded-lg border p-4"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`review-${section.step}`} className="text-lg font-semibold">
                    {section.title}
                  </h2>
                  <Link
                    to={paths.disabilities.wizardStep.getHref(disability.id, section.step)}
                    className="text-sm underline underline-offset-4"
                  >
                    Change<span className="sr-only"> {section.title.toLowerCase()}</span>
                  </Link>
                </div>
                {section.answers.length === 0 ? (
                  <p className="text-muted-foreground text-sm">Not answered yet.</p>
                ) : (
                  <dl className="grid gap-3">
                    {section.answers.map(({ question, answer }) => (
                      <div key={question} className="grid min-w-0 gap-0.5">
                        <dt className="text-muted-foreground text-sm">{question}</dt>
                        <dd className="break-words whitespace-pre-line">{answer}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </section>
            ))}
        </div>
      )}
    </div>
  );
}

function todayText(): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date());
}

function fileName(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'disability'}-answers.txt`;
}

export type DownloadStepProps = ReviewProps & {
  /** The statement's downloads (the statement and the VA forms), shown first. */
  statement: ReactNode;
};

/**
 * The files to send: the statement and the VA forms it fills, then a copy of every answer to
 * keep, print or take to a helper such as a VSO.
 */
export function DownloadStep({ statement, ...props }: DownloadStepProps) {
  return (
    <div className="flex flex-col gap-10">
      {statement}
      <AnswersCopy {...props} />
    </div>
  );
}

function AnswersCopy(props: ReviewProps) {
  const review = useReview(props);
  const { disability } = props;
  const download = () => {
    if ('fallback' in review) return;
    const text = answersDocument({ disability, sections: review.sections, today: todayText() });
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName(disability.title));
  };
  return (
    <section aria-labelledby="answers-copy" className="flex flex-col gap-4 border-t pt-6">
      <h2 id="answers-copy" className="text-xl font-semibold">
        A copy of your answers
      </h2>
      {'fallback' in review ? (
        review.fallback
      ) : (
        <>
          <p className="text-muted-foreground max-w-prose">
            Your answers about {disability.title} (symptoms, flare-ups, treatment, work, daily life,
            exposures, and for a mental-health condition the events and changes you recorded), as a
            text file you can keep, print or share with someone helping you with your claim. It is
            made on your device: nothing more is sent anywhere.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" onClick={download}>
              <DownloadIcon aria-hidden />
              Download your answers
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">
            {review.sections.reduce((count, section) => count + section.answers.length, 0)} answers
            across {review.sections.length} pages.
          </p>
        </>
      )}
    </section>
  );
}
