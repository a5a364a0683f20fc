import { LIMB_LABELS } from '@muster/contract/calculator';
import type { DecisionLetter } from '@muster/contract/decision-letters';
import { calculateCombinedRating } from '@muster/domain/combined-rating';
import { letterRatings } from '@muster/domain/decision-letters/letter-ratings';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/**
 * How the ratings in the letter combine (38 CFR 4.25, with the bilateral factor of 4.26 when both
 * arms or both legs are rated), step by step, set beside the combined rating the letter states.
 * A letter lists only what it decided, so a stated rating higher than these combine to includes
 * conditions rated before.
 */
export function RatingMath({ letter }: { letter: DecisionLetter }) {
  const ratings = letterRatings(letter.decisions);
  if (ratings.length === 0) {
    return (
      <p className="text-sm">
        This letter grants or keeps no rating, so there is nothing to combine.
        {letter.combined_rating === null
          ? ''
          : ` It states your combined rating as ${letter.combined_rating}%.`}
      </p>
    );
  }
  const result = calculateCombinedRating({ ratings });
  const stated = letter.combined_rating;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ul className="flex flex-col gap-1 text-sm">
        {ratings.map((rating, index) => (
          <li key={`${index}-${rating.condition}`}>
            <span className="font-medium">{`${rating.percent}%`}</span> {rating.condition}
            {rating.limb ? (
              <span className="text-muted-foreground">{` (${LIMB_LABELS[rating.limb].toLowerCase()})`}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {result.steps.length > 0 ? (
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm leading-relaxed">
          {result.steps.map((step, index) => (
            <li key={index}>{step.description}</li>
          ))}
        </ol>
      ) : null}
      <p className="font-medium">{`These ratings combine to ${result.combined}%.`}</p>
      {stated === null ? null : stated === result.combined ? (
        <p className="text-sm">{`That is the combined rating the letter states: ${stated}%.`}</p>
      ) : (
        <p className="text-sm">
          {`The letter states a combined rating of ${stated}%. `}
          {stated > result.combined
            ? 'It counts conditions rated in earlier decisions too, which this letter does not list.'
            : 'A rating counted here may have ended, or been read wrongly: check it against the letter’s own table of ratings.'}
        </p>
      )}
      <p className="text-muted-foreground text-sm print:hidden">
        Try other ratings in the{' '}
        <Link
          to={paths.calculator.getHref()}
          className="text-primary font-medium underline underline-offset-4 hover:no-underline"
        >
          rating calculator
        </Link>
        .
      </p>
    </div>
  );
}
