import { useId } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { LetterIntake } from '@/features/decision-letters/components/letter-intake';

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';

/**
 * `/decision-letter` (Decision Letter Analyzer): give a VA decision letter (upload it or paste
 * it) and have it read.
 */
export function DecisionLetterAnalyzerRoute() {
  const intakeId = useId();
  const howId = useId();
  return (
    <>
      <PageHeader
        title="Decision Letter Analyzer"
        description="Upload a VA decision letter and get a plain-language explanation of what VA decided and why, what was missing, and what you can do before which deadline."
      />
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby={intakeId} className="flex min-w-0 flex-col gap-4">
          <h2 id={intakeId} className="text-xl font-semibold">
            Your letter
          </h2>
          <LetterIntake />
        </section>
        <section aria-labelledby={howId} className="flex min-w-0 flex-col gap-2">
          <h2 id={howId} className="text-xl font-semibold">
            How it is read
          </h2>
          <p className="max-w-prose text-sm leading-relaxed">
            Each decision is read from VA’s own wording, by rules, not guessed by AI: the condition,
            granted or denied, the rating and its effective date, staged ratings, the diagnostic
            code, and the reasons. The review deadlines follow 38 CFR 3.110: one year from the date
            on the letter, moved to the next workday when it falls on a weekend or a federal
            holiday. Your letter is stored encrypted, and you can delete it at any time. If you have
            let the assistant use an outside AI model, the decisions read from your letter (never
            its text, and never a condition protected by federal law) are sent to it to write a
            short summary in plain words.
          </p>
          <p className="text-sm">
            <Link to={paths.decisionLetters.list.getHref()} className={linkClass}>
              See the letters you have given
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
