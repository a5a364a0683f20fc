import type { Disability } from '@muster/contract/disabilities';
import { WIZARD_STEP_TITLES, type DisabilityWizardStep } from '@muster/contract/wizard-steps';
import { wizardSteps } from '@muster/domain/disability-wizard';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { missingPieces } from './answer-summary';
import { useAllAnswers, useRecords } from './wizard-api';

type Piece = { text: string; step: DisabilityWizardStep | null };

/** What a rater would still look for, each linked to the page that asks for it. */
export function MissingPieces({
  disabilityId,
  pieces,
  headingId,
  headingLevel = 2,
}: {
  disabilityId: string;
  pieces: readonly Piece[];
  headingId: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className="text-lg font-semibold">
        What your claim still lacks
      </Heading>
      {pieces.length === 0 ? (
        <p>Nothing that these questions can fill in. Well done.</p>
      ) : (
        <ul className="grid list-disc gap-1 ps-6">
          {pieces.map((piece) => (
            <li key={piece.text}>
              {piece.step ? (
                <Link
                  to={paths.disabilities.wizardStep.getHref(disabilityId, piece.step)}
                  className="underline underline-offset-4"
                >
                  {piece.text}
                </Link>
              ) : (
                piece.text
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The pages whose questions hold at least one answer. */
function answeredSteps(input: {
  disability: Disability;
  answered: ReadonlySet<string>;
  treatments: number;
  exposures: number;
}): Set<DisabilityWizardStep> {
  const done = new Set<DisabilityWizardStep>();
  if (input.disability.claim_type) done.add('type');
  for (const step of input.answered) done.add(step as DisabilityWizardStep);
  if (input.treatments > 0) done.add('treatments');
  if (input.exposures > 0) done.add('exposures');
  return done;
}

/**
 * A disability's questions at a glance, on its page: how many of the pages that apply hold
 * answers, what a rater would still look for, and the way back in (where the veteran left off).
 */
export function ClaimProgress({ disability }: { disability: Disability }) {
  const answers = useAllAnswers(disability.id);
  const treatments = useRecords('treatments', { disabilityId: disability.id });
  const exposures = useRecords('exposures', { disabilityId: disability.id });
  const queries = [answers, treatments, exposures];
  const failed = queries.find((query) => query.isError);
  const resume = disability.wizard_step ?? 'type';
  const continueLink = (
    <Button asChild>
      <Link to={paths.disabilities.wizardStep.getHref(disability.id, resume)}>
        {disability.wizard_step
          ? `Continue: ${WIZARD_STEP_TITLES[disability.wizard_step]}`
          : 'Start the questions'}
        <ArrowRightIcon aria-hidden />
      </Link>
    </Button>
  );

  let body;
  if (failed) {
    body = (
      <QueryErrorPanel
        title="We could not load your answers"
        error={failed.error}
        headingLevel={3}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    );
  } else if (!answers.data || !treatments.data || !exposures.data) {
    body = <Spinner label="Loading your answers" />;
  } else {
    const steps = wizardSteps({
      ...disability,
      has_exposures: exposures.data.length > 0,
    }).filter((step) => step !== 'generate' && step !== 'download');
    const done = answeredSteps({
      disability,
      answered: new Set(
        answers.data.results.filter((entry) => entry.answers !== null).map((entry) => entry.step),
      ),
      treatments: treatments.data.length,
      exposures: exposures.data.length,
    });
    const count = steps.filter((step) => done.has(step)).length;
    const label = `${count} of ${steps.length} pages of questions answered`;
    body = (
      <>
        <div className="grid max-w-md gap-1.5">
          <p className="text-sm">{label}</p>
          <Progress value={count} max={steps.length} aria-label={label} />
        </div>
        <MissingPieces
          disabilityId={disability.id}
          headingId="disability-missing"
          headingLevel={3}
          pieces={missingPieces({
            disability,
            steps,
            answers: answers.data.results,
            treatments: treatments.data,
          })}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="disability-next" className="flex flex-col items-start gap-4">
      <h2 id="disability-next" className="text-xl font-semibold">
        Your statement
      </h2>
      <p className="text-muted-foreground max-w-prose text-sm">
        A few questions at a time about your symptoms, flare-ups, treatment and how the condition
        affects your work and daily life. Your answers save as you go.
      </p>
      {body}
      {continueLink}
    </section>
  );
}
