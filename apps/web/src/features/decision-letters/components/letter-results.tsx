import type { DecisionLetter } from '@muster/contract/decision-letters';
import { usd } from '@muster/domain/format';
import { PrinterIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';

import { DeadlinesList } from './deadlines-list';
import { DecisionCard } from './decision-card';
import { DecisionsTable } from './decisions-table';
import { NextSteps } from './next-steps';
import { RatingMath } from './rating-math';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 break-inside-avoid-page flex-col gap-3"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The letter's own figures, as it states them. */
function Summary({ letter }: { letter: DecisionLetter }) {
  const items: [string, string][] = [
    ['Decisions', String(letter.decisions.length)],
    [
      'Combined rating stated',
      letter.combined_rating === null ? 'Not stated' : `${letter.combined_rating}%`,
    ],
    [
      'Monthly amount stated',
      letter.monthly_amount === null ? 'Not stated' : usd.format(letter.monthly_amount),
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term} className="bg-card rounded-lg border p-3">
          <dt className="text-muted-foreground text-sm">{term}</dt>
          <dd className="text-2xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Everything read from a letter: the figures it states, each decision and why, how the ratings
 * combine, the review deadlines with the days left, and what to do next. Prints cleanly (the
 * app's navigation and the buttons are left off the paper).
 */
export function LetterResults({ letter }: { letter: DecisionLetter }) {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Summary letter={letter} />
        <Button
          type="button"
          variant="outline"
          className="print:hidden"
          onClick={() => window.print()}
        >
          <PrinterIcon aria-hidden />
          Print
        </Button>
      </div>
      {letter.explanation ? (
        <Section title="In plain words">
          <div className="bg-muted/40 flex flex-col gap-2 rounded-lg border p-4">
            {letter.explanation.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} className="leading-relaxed whitespace-pre-line">
                {paragraph}
              </p>
            ))}
            <p className="text-muted-foreground text-xs">
              Written by the AI assistant from the decisions below, not from your letter’s text; it
              may leave some decisions out. The list below is complete, and was read from the letter
              without AI.
            </p>
          </div>
        </Section>
      ) : null}
      <Section title="What VA decided">
        {letter.decisions.length === 0 ? (
          <p className="text-sm">
            No decisions were found in this letter. If it is a decision letter, try the PDF from
            VA.gov or paste its text, including the rating decision pages.
          </p>
        ) : (
          <>
            <DecisionsTable decisions={letter.decisions} />
            <div className="flex flex-col gap-3">
              {letter.decisions.map((decision, index) => (
                <DecisionCard key={`${index}-${decision.condition}`} decision={decision} />
              ))}
            </div>
          </>
        )}
      </Section>
      <Section title="How the ratings combine">
        <RatingMath letter={letter} />
      </Section>
      <Section title="Deadlines">
        <DeadlinesList deadlines={letter.deadlines} />
      </Section>
      <Section title="What you can do next">
        <NextSteps letter={letter} />
      </Section>
      {letter.evidence.length > 0 ? (
        <Section title="Evidence VA considered">
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {letter.evidence.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
