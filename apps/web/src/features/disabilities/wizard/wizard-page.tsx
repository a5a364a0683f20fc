import type { Disability } from '@muster/contract/disabilities';
import { WIZARD_STEP_TITLES, type DisabilityWizardStep } from '@muster/contract/wizard-steps';
import { bodySystemOf } from '@muster/domain/body-systems';
import { wizardPosition, type WizardPlanInput } from '@muster/domain/disability-wizard';
import { whyVaAsks } from '@muster/domain/rating-notes';
import { ArrowLeftIcon, ArrowRightIcon, PauseIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSaveRegistry } from '@/hooks/save-registry';
import type { AutosaveState } from '@/hooks/use-autosave';
import { toastSuccess } from '@/lib/toast';

import { disabilityQueryOptions } from '../api/get-disability';
import {
  AutosaveStatus,
  CrisisLine,
  WhyVaAsks,
  WizardProgress,
  WizardStepList,
} from './wizard-chrome';
import { isTraumaStep } from './wizard-steps';

export type WizardPageProps = {
  disability: Disability;
  step: DisabilityWizardStep;
  plan: WizardPlanInput;
  children: ReactNode;
};

const NOT_SAVED_MESSAGE = {
  invalid: 'Correct the answer marked in red first, or clear it, so nothing you typed is lost.',
  failed: 'Your last changes are not saved yet. Check your connection; we keep trying.',
};

function notSavedMessage(state: AutosaveState): string {
  return state === 'invalid' || state === 'refused'
    ? NOT_SAVED_MESSAGE.invalid
    : NOT_SAVED_MESSAGE.failed;
}

/**
 * One page of the wizard: where it stands (step n of the pages that apply), whether the answers
 * are saved, why VA asks, the questions, and the way on. Moving on first saves what waits, and
 * stays put when that fails, so an answer is never left behind. Trauma pages also show the
 * Veterans Crisis Line and can be skipped or paused.
 */
export function WizardPage({ disability, step, plan, children }: WizardPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saves, provide] = useSaveRegistry();
  const [blocked, setBlocked] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const position = wizardPosition(step, plan);
  const note = whyVaAsks(bodySystemOf(plan), step);
  const isTrauma = isTraumaStep(step);
  const href = (target: DisabilityWizardStep) =>
    paths.disabilities.wizardStep.getHref(disability.id, target);

  // A page reached from another starts with focus on its heading, so a screen reader announces
  // where the veteran is (the button that led here is gone).
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      heading.current?.focus({ preventScroll: true });
    }
  }, []);

  // Leaving any other way (a link, the browser's Back) first saves what waits, and stays when
  // that fails, saying why.
  const saveState = useRef(saves.state);
  useLayoutEffect(() => {
    saveState.current = saves.state;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      saveState.current !== 'saved' && currentLocation.pathname !== nextLocation.pathname,
  );
  const { flushAll } = saves;
  const isHandlingBlock = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || isHandlingBlock.current) return;
    isHandlingBlock.current = true;
    const { proceed, reset } = blocker;
    void flushAll().then((isSaved) => {
      isHandlingBlock.current = false;
      if (isSaved) {
        proceed();
      } else {
        setBlocked(notSavedMessage(saveState.current));
        reset();
      }
    });
  }, [blocker, flushAll]);

  /**
   * The page before or after this one, from the disability as saved now: an answer on this page
   * (the claim type) can change which pages apply.
   */
  const neighbour = (direction: 'previous' | 'next') => {
    const saved = queryClient.getQueryData(disabilityQueryOptions(disability.id).queryKey);
    const fresh = saved ? { ...plan, claim_type: saved.claim_type } : plan;
    return wizardPosition(step, fresh)[direction];
  };

  const leaveTo = async (target: () => string, options: { skip?: boolean } = {}) => {
    const isSaved = await saves.flushAll();
    if (!isSaved && !options.skip) {
      setBlocked(notSavedMessage(saveState.current));
      return false;
    }
    setBlocked(null);
    saveState.current = 'saved';
    void navigate(target());
    return true;
  };
  const leaveFor = (direction: 'previous' | 'next', options: { skip?: boolean } = {}) =>
    leaveTo(() => {
      const target = neighbour(direction);
      return target ? href(target) : paths.disabilities.wizard.getHref(disability.id);
    }, options);

  return provide(
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={paths.disabilities.wizard.getHref(disability.id)}
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex w-fit items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
        >
          <ArrowLeftIcon aria-hidden className="size-4" />
          <span className="sr-only">Back to </span>
          {disability.title}
        </Link>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-balance outline-none sm:text-4xl"
        >
          {WIZARD_STEP_TITLES[step]}
        </h1>
        <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div className="min-w-48 flex-1">
            <WizardProgress index={Math.max(position.index, 1)} total={position.total} />
          </div>
          <AutosaveStatus state={saves.state} savedAt={saves.savedAt} />
        </div>
        <WizardStepList disabilityId={disability.id} steps={position.steps} current={step} />
      </div>

      {isTrauma ? <CrisisLine /> : null}
      {!position.applies ? (
        <p className="bg-muted/50 rounded-md border p-3 text-sm">
          This page does not usually apply to this condition. You can still answer it, or go on.
        </p>
      ) : null}
      {note ? <WhyVaAsks note={note} /> : null}

      {children}

      <div className="flex flex-col gap-3 border-t pt-4">
        {blocked ? (
          <p role="alert" className="text-destructive text-sm">
            {blocked}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {position.previous ? (
            <Button type="button" variant="outline" onClick={() => void leaveFor('previous')}>
              <ArrowLeftIcon aria-hidden />
              Back
            </Button>
          ) : null}
          {position.next ? (
            <Button type="button" onClick={() => void leaveFor('next')}>
              Save and continue
              <ArrowRightIcon aria-hidden />
            </Button>
          ) : (
            <Button
              type="button"
              onClick={() => void leaveTo(() => paths.disabilities.wizard.getHref(disability.id))}
            >
              Finish
            </Button>
          )}
          {isTrauma && position.next ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => void leaveFor('next', { skip: true })}
            >
              Skip this page
            </Button>
          ) : null}
          {isTrauma ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() =>
                void leaveTo(() => paths.disabilities.wizard.getHref(disability.id)).then(
                  (left) => {
                    if (left) {
                      toastSuccess('Your answers are saved. Come back whenever you are ready.', {
                        id: 'wizard-paused',
                      });
                    }
                  },
                )
              }
            >
              <PauseIcon aria-hidden />
              Take a break
            </Button>
          ) : null}
        </div>
      </div>
    </div>,
  );
}
