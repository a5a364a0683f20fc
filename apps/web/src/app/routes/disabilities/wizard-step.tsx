import { uuidSchema } from '@muster/contract/common';
import type { Disability } from '@muster/contract/disabilities';
import { WIZARD_STEP_TITLES, type DisabilityWizardStep } from '@muster/contract/wizard-steps';
import type { WizardPlanInput } from '@muster/domain/disability-wizard';
import { recognizeCondition } from '@muster/domain/presumptive';
import { ERR } from '@muster/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { disabilityQueryOptions, useDisability } from '@/features/disabilities/api/get-disability';
import { updateDisability } from '@/features/disabilities/api/update-disability';
import {
  FlareUpsStep,
  MilitarySymptomsStep,
  PostMilitarySymptomsStep,
  ProfessionalImpactsStep,
  SocialImpactsStep,
} from '@/features/disabilities/wizard/steps/answer-steps';
import { ExposuresStep } from '@/features/disabilities/wizard/steps/exposures-step';
import { DownloadStep, GenerateStep } from '@/features/disabilities/wizard/steps/review-steps';
import { TreatmentsStep } from '@/features/disabilities/wizard/steps/treatments-step';
import {
  TraumaBehaviorsStep,
  TraumaCriteriaStep,
  TraumaEventsStep,
  TraumaEvidencesStep,
} from '@/features/disabilities/wizard/steps/trauma-steps';
import { TypeStep } from '@/features/disabilities/wizard/steps/type-step';
import { useIsMentalHealthCondition, useRecords } from '@/features/disabilities/wizard/wizard-api';
import { WizardPage } from '@/features/disabilities/wizard/wizard-page';
import { StatementDownloads } from '@/features/personal-statements/components/statement-downloads';
import { StatementWorkspace } from '@/features/personal-statements/components/statement-workspace';
import { isApiError } from '@/lib/api-error';

import { BackToDisabilities } from './back-to-disabilities';
import { DisabilityNotFound } from './disability-not-found';

function StepBody({
  step,
  disability,
  plan,
}: {
  step: DisabilityWizardStep;
  disability: Disability;
  plan: WizardPlanInput;
}): ReactNode {
  const id = disability.id;
  switch (step) {
    case 'type':
      return <TypeStep disability={disability} />;
    case 'military-symptoms':
      return <MilitarySymptomsStep disabilityId={id} />;
    case 'post-military-symptoms':
      return <PostMilitarySymptomsStep disabilityId={id} />;
    case 'flare-ups':
      return <FlareUpsStep disabilityId={id} />;
    case 'treatments':
      return <TreatmentsStep disabilityId={id} />;
    case 'professional-impacts':
      return <ProfessionalImpactsStep disabilityId={id} />;
    case 'social-impacts':
      return <SocialImpactsStep disabilityId={id} />;
    case 'exposures':
      return <ExposuresStep disability={disability} />;
    case 'trauma-events':
      return <TraumaEventsStep disability={disability} />;
    case 'trauma-behaviors':
      return <TraumaBehaviorsStep disability={disability} />;
    case 'trauma-evidences':
      return <TraumaEvidencesStep disability={disability} />;
    case 'trauma-criteria':
      return <TraumaCriteriaStep disability={disability} />;
    case 'generate':
      return (
        <GenerateStep
          disability={disability}
          plan={plan}
          statement={<StatementWorkspace disabilityId={id} />}
        />
      );
    case 'download':
      return <DownloadStepBody disability={disability} plan={plan} />;
  }
}

/** The statement's files (VA's trauma form only for a mental-health condition) and the answers. */
function DownloadStepBody({ disability, plan }: { disability: Disability; plan: WizardPlanInput }) {
  const isMentalHealth = useIsMentalHealthCondition(disability.id, plan);
  return (
    <DownloadStep
      disability={disability}
      plan={plan}
      statement={
        <StatementDownloads disabilityId={disability.id} isMentalHealth={isMentalHealth} />
      }
    />
  );
}

/** Whether a list of VA's presumptive conditions names the condition. */
function isOnPresumptiveList(disability: Disability): boolean {
  return (
    recognizeCondition({
      name: disability.title,
      diagnosticCodes: disability.diagnostic_code ? [disability.diagnostic_code] : [],
    }) !== null
  );
}

/**
 * `/disabilities/{id}/{step}`: one page of the disability's questions. Which pages apply depends
 * on the condition (its type, body system, exposures); visiting a page records it, so the
 * questions resume there next time.
 */
export function WizardStepRoute({ step }: { step: DisabilityWizardStep }) {
  const { disabilityId = '' } = useParams();
  const isDisabilityId = uuidSchema.safeParse(disabilityId).success;
  const disability = useDisability(disabilityId, { enabled: isDisabilityId });
  const exposures = useRecords('exposures', { disabilityId }, { enabled: isDisabilityId });
  const record = disability.data;
  const queryClient = useQueryClient();

  const plan = useMemo<WizardPlanInput | null>(() => {
    if (!record || !exposures.data) return null;
    return {
      title: record.title,
      diagnostic_code: record.diagnostic_code,
      classification_code: record.classification_code,
      claim_type: record.claim_type,
      on_presumptive_list: isOnPresumptiveList(record),
      has_exposures: exposures.data.length > 0,
    };
  }, [record, exposures.data]);

  // Remember the page, so the questions resume here.
  const lastStep = record?.wizard_step;
  const recordId = record?.id;
  useEffect(() => {
    if (!recordId || lastStep === step) return;
    updateDisability({ disabilityId: recordId, input: { wizard_step: step } }).then(
      (saved) => queryClient.setQueryData(disabilityQueryOptions(saved.id).queryKey, saved),
      () => {
        // Only the resume point is lost; the page itself works.
      },
    );
  }, [queryClient, recordId, lastStep, step]);

  if (record && plan) {
    return (
      <WizardPage key={`${record.id}-${step}`} disability={record} step={step} plan={plan}>
        <StepBody step={step} disability={record} plan={plan} />
      </WizardPage>
    );
  }
  const header = (
    <>
      <BackToDisabilities />
      <PageHeader title={WIZARD_STEP_TITLES[step]} />
    </>
  );
  if (
    !isDisabilityId ||
    (isApiError(disability.error) && disability.error.code === ERR.NOT_FOUND)
  ) {
    return (
      <>
        {header}
        <DisabilityNotFound />
      </>
    );
  }
  const failed = disability.isError ? disability : exposures.isError ? exposures : null;
  if (failed) {
    return (
      <>
        {header}
        <QueryErrorPanel
          title="We could not load these questions"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      </>
    );
  }
  return <PageSpinner label="Loading the questions" />;
}

/** The page component of one wizard step, for the route table. */
export function wizardStepPage(step: DisabilityWizardStep) {
  return function WizardStepPage() {
    return <WizardStepRoute step={step} />;
  };
}
