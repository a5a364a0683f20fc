import { useEffect, useRef } from 'react';
import type { DecisionLetter } from '@muster/contract/decision-letters';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { isReading } from '@/features/decision-letters/api/get-letter';
import type { LetterLocationState } from '@/features/decision-letters/components/letter-intake';
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
function FollowToResults({
  letterId,
  status,
}: {
  letterId: string;
  status: DecisionLetter['status'];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const justSent = (location.state as LetterLocationState | null)?.followReading === true;
  const wasReading = useRef(justSent || isReading({ status }));
  useEffect(() => {
    if (status === 'complete' && wasReading.current) {
      void navigate(paths.decisionLetters.results.getHref(letterId), { replace: true });
    }
    wasReading.current = status === 'queued' || status === 'processing';
  }, [letterId, navigate, status]);
  return null;
}
