import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { isReading } from '@/features/decision-letters/api/get-letter';
import { LetterStatus } from '@/features/decision-letters/components/letter-status';

import { LetterHeader, LetterPage } from './letter-page';

/** `/decision-letters/{id}`: the reading of one letter, followed live. */
export function DecisionLetterRoute() {
  return (
    <LetterPage fallbackTitle="Decision letter">
      {(letter) => (
        <>
          <LetterHeader letter={letter} />
          <FollowToResults letterId={letter.id} status={letter.status} />
          <LetterStatus letter={letter} />
        </>
      )}
    </LetterPage>
  );
}

/** When the reading finishes while the veteran watches, the results open by themselves. */
function FollowToResults({ letterId, status }: { letterId: string; status: string }) {
  const navigate = useNavigate();
  const wasReading = useRef(isReading({ status: status as 'queued' }));
  useEffect(() => {
    if (status === 'complete' && wasReading.current) {
      void navigate(paths.decisionLetters.results.getHref(letterId), { replace: true });
    }
    wasReading.current = status === 'queued' || status === 'processing';
  }, [letterId, navigate, status]);
  return null;
}
