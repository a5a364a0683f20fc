import { disabilityTitleKey } from '@muster/contract/disabilities';
import type { DecisionLetter, MissingElement, ReviewKind } from '@muster/contract/decision-letters';
import { formatLongDay } from '@muster/domain/format';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';

import { useDisabilityTitles } from '../api/add-disability';
import { useDownloadReviewForm } from '../api/download-review-form';
import { countdown, localToday } from '../utils/countdown';
import { REVIEW_OPTIONS, REVIEW_ORDER, UNFAVOURABLE_OUTCOMES } from '../utils/labels';

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';

/** The decisions a review can be asked for: every one VA has decided (not the deferred). */
function reviewable(letter: DecisionLetter) {
  return letter.decisions
    .map((decision, index) => ({ decision, index }))
    .filter(({ decision }) => decision.outcome !== 'deferred');
}

/**
 * Where a denial's missing pieces can come from, inside Muster: a nexus letter or a buddy
 * statement for each decision that lacks one, preset to that condition's disability when the
 * veteran has recorded it.
 */
function EvidenceSteps({ letter }: { letter: DecisionLetter }) {
  const titles = useDisabilityTitles();
  const missing = new Set(letter.decisions.flatMap((d) => d.missing.map((m) => m.element)));
  const steps: { key: string; text: string; href: string; label: string }[] = [];
  const lacking = (element: MissingElement) =>
    letter.decisions.filter((decision) => decision.missing.some((m) => m.element === element));
  const disabilityOf = (condition: string) => titles.data?.get(disabilityTitleKey(condition));

  for (const decision of lacking('nexus')) {
    const disabilityId = disabilityOf(decision.condition);
    steps.push({
      key: `nexus-${decision.condition}`,
      text: `The denial of ${decision.condition} needs a medical opinion linking it to service.`,
      href: disabilityId
        ? `${paths.nexus.new.getHref()}?disability=${encodeURIComponent(disabilityId)}`
        : paths.nexus.new.getHref(),
      label: `Draft a nexus letter for ${decision.condition}`,
    });
  }
  for (const decision of lacking('in-service event')) {
    const disabilityId = disabilityOf(decision.condition);
    steps.push({
      key: `event-${decision.condition}`,
      text: `People who saw what happened in service can say so in writing, for ${decision.condition}.`,
      href: disabilityId
        ? `${paths.disabilities.buddyStatementNew.getHref()}?disability=${encodeURIComponent(disabilityId)}`
        : paths.disabilities.buddyStatementNew.getHref(),
      label: `Ask for a buddy statement about ${decision.condition}`,
    });
  }
  if (missing.has('criteria') || missing.has('diagnosis')) {
    steps.push({
      key: 'records',
      text: 'Keep your medical records and exam results together, ready to send with a review.',
      href: paths.vault.getHref(),
      label: 'Add them to your File Vault',
    });
  }
  if (steps.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 text-sm print:hidden">
      {steps.map((step) => (
        <li key={step.key}>
          {step.text}{' '}
          <Link to={step.href} className={linkClass}>
            {step.label}
          </Link>
          .
        </li>
      ))}
    </ul>
  );
}

/**
 * What the veteran can do next: choose the decisions to have looked at again, then one of the
 * three review options, each with its deadline and its VA form filled from their record.
 */
export function NextSteps({ letter }: { letter: DecisionLetter }) {
  const choices = reviewable(letter);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () =>
      new Set(
        choices
          .filter(({ decision }) => UNFAVOURABLE_OUTCOMES.has(decision.outcome))
          .map(({ index }) => index),
      ),
  );
  const download = useDownloadReviewForm();
  const legendId = useId();
  const today = localToday();
  const due = new Map(letter.deadlines.map((deadline) => [deadline.kind, deadline.due]));
  const selected = [...chosen].sort((a, b) => a - b);

  const toggle = (index: number, checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(index);
      else next.delete(index);
      return next;
    });

  const downloadForm = (kind: ReviewKind) =>
    download.mutate({ letterId: letter.id, kind, decisions: selected });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <EvidenceSteps letter={letter} />
      {choices.length > 0 ? (
        <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-2 print:hidden">
          <legend id={legendId} className="font-medium">
            Decisions to ask VA to look at again
          </legend>
          {choices.map(({ decision, index }) => {
            const id = `review-decision-${index}`;
            return (
              <div key={id} className="flex items-start gap-2">
                <Checkbox
                  id={id}
                  checked={chosen.has(index)}
                  onCheckedChange={(checked) => toggle(index, checked === true)}
                  className="mt-0.5"
                />
                <Label htmlFor={id} className="font-normal">
                  {decision.condition}
                </Label>
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {REVIEW_ORDER.map((kind) => {
          const option = REVIEW_OPTIONS[kind];
          const deadline = due.get(kind);
          const left = deadline ? countdown(deadline, today) : null;
          return (
            <li
              key={kind}
              className="bg-card text-card-foreground flex min-w-0 break-inside-avoid flex-col gap-2 rounded-lg border p-4"
            >
              <h3 className="font-semibold">{option.name}</h3>
              <p className="text-muted-foreground text-sm">{option.form}</p>
              <p className="text-sm">{option.when}</p>
              <p className="text-sm">{option.how}</p>
              {deadline && left ? (
                <p className="text-sm">
                  {kind === 'supplemental-claim'
                    ? 'To keep your effective date, file by '
                    : 'File by '}
                  <time dateTime={deadline}>{formatLongDay(deadline)}</time>
                  {` (${left.text.toLowerCase()}).`}
                </p>
              ) : null}
              <div className="mt-auto pt-2 print:hidden">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={selected.length === 0 || download.isPending}
                  onClick={() => downloadForm(kind)}
                >
                  <DownloadIcon aria-hidden />
                  {download.isPending && download.variables.kind === kind
                    ? 'Filling the form…'
                    : `Download ${option.form.replace('VA Form ', '')} filled in`}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {choices.length === 0 ? (
        <p className="text-muted-foreground text-sm print:hidden">
          Nothing in this letter can be reviewed yet: VA has deferred every decision in it. Its next
          letter will have them.
        </p>
      ) : null}
      {selected.length === 0 && choices.length > 0 ? (
        <p className="text-muted-foreground text-sm print:hidden">
          Choose at least one decision above to fill in a form.
        </p>
      ) : null}
      <p className="text-muted-foreground text-sm">
        The forms come filled in from your veteran record and this letter. Review every page, sign
        and date it, then file it at VA.gov, by mail or through your representative.
      </p>
    </div>
  );
}
