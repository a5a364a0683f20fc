import { Navigate } from 'react-router';

import { paths } from '@/config/paths';
import { LetterResults } from '@/features/decision-letters/components/letter-results';

import { LetterHeader, LetterPage } from './letter-page';

/**
 * `/decision-letters/{id}/results`: what was read from the letter. A letter still being read (or
 * that failed) has no results yet: its status page shows instead.
 */
export function DecisionLetterResultsRoute() {
  return (
    <LetterPage fallbackTitle="Decision letter results">
      {(letter) =>
        letter.status === 'complete' ? (
          <>
            <LetterHeader
              letter={letter}
              description="What VA decided, why, and what you can do next. Nothing here replaces the letter itself: keep it."
            />
            <LetterResults letter={letter} />
          </>
        ) : (
          <Navigate to={paths.decisionLetters.detail.getHref(letter.id)} replace />
        )
      }
    </LetterPage>
  );
}
