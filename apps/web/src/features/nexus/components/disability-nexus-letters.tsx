import { StampIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useDisabilityNexusLetters } from '../api/nexus';
import { BASIS_LABELS, STATUS_LABELS } from './labels';

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The nexus letters drafted for one disability, each opening to be finished or sent. */
export function DisabilityNexusLetters({ disabilityId }: { disabilityId: string }) {
  const letters = useDisabilityNexusLetters(disabilityId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          Nexus letters
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={`${paths.nexus.new.getHref()}?disability=${encodeURIComponent(disabilityId)}`}>
            <StampIcon aria-hidden />
            Draft a nexus letter
          </Link>
        </Button>
      </div>
      {letters.isPending ? (
        <Spinner label="Loading the nexus letters" />
      ) : letters.isError ? (
        <QueryErrorPanel
          title="We could not load the nexus letters"
          error={letters.error}
          headingLevel={3}
          onRetry={() => void letters.refetch()}
          isRetrying={letters.isFetching}
        />
      ) : letters.data.results.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          None yet. A doctor’s opinion linking the condition to your service is often what a claim
          lacks.
        </p>
      ) : (
        <ul aria-label="Nexus letters for this disability" className="flex flex-col divide-y">
          {letters.data.results.map((letter) => (
            <li key={letter.id} className="flex min-w-0 flex-col gap-0.5 py-3">
              <Link to={paths.nexus.detail.getHref(letter.id)} className={linkClass}>
                {`Nexus letter started ${dateFormat.format(new Date(letter.created_at))}`}
              </Link>
              <p className="text-muted-foreground text-sm">
                {`${STATUS_LABELS[letter.status]} · ${BASIS_LABELS[letter.opinion_basis]}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
