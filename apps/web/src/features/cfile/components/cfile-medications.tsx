import type { Cfile, CfileMedication } from '@muster/contract/cfiles';
import { formatDay } from '@muster/domain/format';
import { PillIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';

import { useCfileMedications } from '../api/get-cfile-medications';
import { countText } from '../utils/progress-text';
import { PageReferences } from './page-references';
import { PageViewer, type PageTarget } from './page-viewer';
import { ProtectedBadge, ProtectedExplanation } from './protected-note';

/** By name, as a reader looks a drug up. */
export function sortMedications(medications: readonly CfileMedication[]): CfileMedication[] {
  return [...medications].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

function day(value: string | null): string {
  return value ? formatDay(value) : '—';
}

/**
 * The medications found in a C-file read in full, by name, with a filter: the dose written most
 * often, the first and last dates seen, and the pages, each opening the page viewer with the name
 * marked. Records protected by 38 U.S.C. 7332 are marked and explained.
 */
export function CfileMedications({ cfile }: { cfile: Cfile }) {
  const medications = useCfileMedications(cfile.id);
  const [filter, setFilter] = useState('');
  const [target, setTarget] = useState<PageTarget | null>(null);
  const filterId = useId();
  const captionId = useId();

  if (medications.isPending) return <PageSpinner label="Loading the medications" />;
  if (medications.isError) {
    return (
      <QueryErrorPanel
        title="We could not load the medications"
        error={medications.error}
        onRetry={() => void medications.refetch()}
        isRetrying={medications.isFetching}
      />
    );
  }
  const all = sortMedications(medications.data.results);
  if (all.length === 0) {
    return (
      <EmptyState icon={PillIcon} title="No medications found">
        Muster found no medication names in this C-file. A scanned page that could not be read, or a
        drug written by a brand name it does not know, may be missed.
      </EmptyState>
    );
  }
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((item) => item.name.toLowerCase().includes(needle)) : all;
  const hasProtected = all.some((item) => item.protected_7332);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {hasProtected ? <ProtectedExplanation /> : null}
      <div className="flex max-w-sm flex-col gap-2">
        <Label htmlFor={filterId}>Filter medications</Label>
        <Input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className="text-muted-foreground text-sm" role="status" aria-live="polite">
        {needle
          ? `${countText(shown.length, 'medication', 'medications')} of ${all.length} shown`
          : countText(all.length, 'medication', 'medications') + ' found'}
      </p>
      {shown.length === 0 ? null : (
        <div
          role="region"
          aria-labelledby={captionId}
          // The table may scroll sideways on a narrow screen: it must take focus to be scrolled.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="focus-visible:ring-ring/50 max-w-full min-w-0 overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px]"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption id={captionId} className="sr-only">
              Medications found in your C-file
            </caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Medication
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Dose
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  First seen
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last seen
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Pages
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {shown.map((medication) => (
                <tr key={medication.name} className="align-top">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <span className="block break-words">{medication.name}</span>
                    {medication.source === 'dose_pattern' ? (
                      <span className="text-muted-foreground block text-xs font-normal">
                        Read from the dose written after it: check the page
                      </span>
                    ) : null}
                    {medication.protected_7332 ? <ProtectedBadge className="mt-1" /> : null}
                  </th>
                  <td className="px-3 py-2">{medication.dose ?? '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{day(medication.first_seen)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{day(medication.last_seen)}</td>
                  <td className="px-3 py-2">
                    <PageReferences
                      pages={medication.pages}
                      label={`Pages with ${medication.name}`}
                      onOpen={(page) =>
                        setTarget({ page, finding: medication.name, terms: [medication.name] })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageViewer
        cfileId={cfile.id}
        pagesTotal={cfile.pages_total}
        target={target}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
