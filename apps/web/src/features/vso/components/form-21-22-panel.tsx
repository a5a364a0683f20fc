import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Spinner } from '@/components/ui/spinner';

import { useForm2122 } from '../api/vso';

/**
 * What will go on VA Form 21-22 (Appointment of Veterans Service Organization as Claimant's
 * Representative), from the veteran record and the representative, and what is still missing.
 */
export function Form2122Panel() {
  const form = useForm2122();
  if (form.isError) {
    return (
      <QueryErrorPanel
        title="We could not prepare the form’s data"
        error={form.error}
        onRetry={() => void form.refetch()}
        isRetrying={form.isFetching}
      />
    );
  }
  if (!form.data) return <Spinner label="Preparing VA Form 21-22" />;
  const { veteran, representative, missing, ready } = form.data;
  const name = veteran
    ? [veteran.first_name, veteran.middle_name, veteran.last_name].filter(Boolean).join(' ')
    : null;
  const rows: [string, string | null | undefined][] = [
    ['Veteran', name],
    ['Social Security number', veteran?.ssn],
    ['VA file number', veteran?.va_file_number],
    ['Date of birth', veteran?.date_of_birth],
    ['Mailing address', veteran?.address],
    ['Phone', veteran?.phone],
    ['Email', veteran?.email],
    ['Branch of service', veteran?.branches.join(', ')],
    ['Organisation', representative?.organization],
    ['POA code', representative?.poa_code],
    ['Representative', representative?.representative_name],
    ['Accreditation number', representative?.accreditation_number],
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid min-w-0 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd className="min-w-0 break-words">{value || 'Not given'}</dd>
          </div>
        ))}
      </dl>
      {ready ? (
        <p className="flex items-start gap-2">
          <CircleCheckIcon className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
          Everything VA Form 21-22 asks for is here. Sign the form with your representative; they
          file it with VA.
        </p>
      ) : (
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="flex items-center gap-2 font-medium">
            <CircleAlertIcon className="size-4 shrink-0" aria-hidden />
            Still missing
          </h3>
          <ul className="list-disc space-y-1 pl-6">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-muted-foreground text-sm">
        Item 19 of the form asks whether your representative may see records about drug or alcohol
        treatment, HIV or sickle cell anemia. Only you can decide that, on the form itself.
      </p>
    </div>
  );
}
