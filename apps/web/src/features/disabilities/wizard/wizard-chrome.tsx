import { WIZARD_STEP_TITLES, type DisabilityWizardStep } from '@muster/contract/wizard-steps';
import type { RatingNote } from '@muster/domain/rating-notes';
import { CheckIcon, CircleAlertIcon, InfoIcon, LoaderIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

import type { AutosaveState } from '@/hooks/use-autosave';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const STATE_TEXT: Record<AutosaveState, string> = {
  saved: 'Saved',
  pending: 'Changes not saved yet',
  saving: 'Saving…',
  invalid: 'Not saved: correct the answer marked below',
  refused: 'Not saved: see the message below the answer',
  retrying: 'Not saved: we could not reach Muster. Trying again…',
};

const FAILED: ReadonlySet<AutosaveState> = new Set(['invalid', 'refused', 'retrying']);

/**
 * The autosave state in words. Only a failure is announced to a screen reader (a live region
 * that spoke at every pause in typing would talk over the veteran); the words stay on screen.
 */
export function AutosaveStatus({ state, savedAt }: { state: AutosaveState; savedAt: Date | null }) {
  const text =
    state === 'saved' && savedAt ? `Saved at ${TIME.format(savedAt)}` : STATE_TEXT[state];
  const Icon =
    state === 'saving' || state === 'pending'
      ? LoaderIcon
      : state === 'saved'
        ? CheckIcon
        : CircleAlertIcon;
  const isFailed = FAILED.has(state);
  return (
    <>
      <p
        data-slot="autosave-status"
        data-state={state}
        className={cn(
          'flex items-center gap-1.5 text-sm',
          isFailed ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        <Icon aria-hidden className={cn('size-4', state === 'saving' && 'animate-spin')} />
        {text}
      </p>
      <p role="status" className="sr-only">
        {isFailed ? text : ''}
      </p>
    </>
  );
}

/** "Step 3 of 9", as words and as a bar, counting only the pages that apply to the condition. */
export function WizardProgress({ index, total }: { index: number; total: number }) {
  const label = `Step ${index} of ${total}`;
  return (
    <div className="grid gap-1.5">
      <p className="text-muted-foreground text-sm">{label}</p>
      <Progress value={index} max={total} aria-label={`Progress: ${label.toLowerCase()}`} />
    </div>
  );
}

/** Every page that applies, as links: where the veteran is, and a way to any other page. */
export function WizardStepList({
  disabilityId,
  steps,
  current,
}: {
  disabilityId: string;
  steps: readonly DisabilityWizardStep[];
  current: DisabilityWizardStep;
}) {
  return (
    <details className="rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">All questions ({steps.length})</summary>
      <ol aria-label="Pages of questions" className="mt-2 grid list-decimal gap-1 ps-6">
        {steps.map((step) => (
          <li key={step}>
            <Link
              to={paths.disabilities.wizardStep.getHref(disabilityId, step)}
              aria-current={step === current ? 'step' : undefined}
              className="underline-offset-4 hover:underline aria-[current=step]:font-semibold"
            >
              {WIZARD_STEP_TITLES[step]}
            </Link>
          </li>
        ))}
      </ol>
    </details>
  );
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A section's title, cut at a word near 70 characters (some of Part 3's run to several lines). */
function shortTitle(title: string): string {
  const plain = title.replace(/\.$/, '');
  if (plain.length <= 70) return plain;
  return `${plain.slice(0, plain.lastIndexOf(' ', 70))}…`;
}

function changedLabel(citation: RatingNote['citations'][number]): string | null {
  if (citation.status === 'unchanged') return null;
  const date = citation.changed_on
    ? DATE.format(new Date(`${citation.changed_on.slice(0, 10)}T00:00:00Z`))
    : null;
  if (citation.status === 'changed') {
    return `changed since the 2019 text${date ? `, last on ${date}` : ''}; the rule may now differ`;
  }
  return `may have changed since the 2019 text${date ? ` (updated ${date})` : ''}; check the current rule`;
}

/** "Why VA asks this": what the rater of the condition's body system looks at, with its rules. */
export function WhyVaAsks({ note }: { note: RatingNote }) {
  return (
    <aside
      aria-labelledby="why-va-asks"
      className="bg-muted/50 flex gap-3 rounded-md border p-3 text-sm"
    >
      <InfoIcon aria-hidden className="text-primary mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <h2 id="why-va-asks" className="font-semibold">
          Why VA asks this
        </h2>
        <p>{note.text}</p>
        <ul className="text-muted-foreground grid gap-0.5">
          {note.citations.map((citation) => {
            const changed = changedLabel(citation);
            return (
              <li key={citation.section}>
                38 CFR {citation.section}, {shortTitle(citation.title)}
                {changed ? (
                  <strong className="text-foreground font-medium"> ({changed})</strong>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </aside>
  );
}

/** The Veterans Crisis Line, on every page that asks about trauma. */
export function CrisisLine() {
  return (
    <aside
      aria-labelledby="crisis-line"
      className="flex gap-3 rounded-md border border-red-700/40 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950/40 dark:text-red-50"
    >
      <PhoneIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <h2 id="crisis-line" className="font-semibold">
          Veterans Crisis Line
        </h2>
        <p>
          If these questions bring up too much, you can stop at any time. To talk with someone now,
          free and confidential, 24/7: call{' '}
          <a href="tel:988" className="font-semibold underline underline-offset-4">
            988, then press 1
          </a>
          , or text{' '}
          <a href="sms:838255" className="font-semibold underline underline-offset-4">
            838255
          </a>
          .
        </p>
      </div>
    </aside>
  );
}
