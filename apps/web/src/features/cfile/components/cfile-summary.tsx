import type { Cfile } from '@muster/contract/cfiles';
import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { useAddCfileDisabilities } from '../api/add-cfile-disabilities';
import { useDownloadEvidenceIndex } from '../api/download-evidence-index';
import { useCfileConditions } from '../api/get-cfile-conditions';
import { cfileHref } from '../utils/cfile-href';
import { toastAdded } from './add-disabilities-toast';

const linkClass =
  'text-primary font-medium underline underline-offset-4 hover:no-underline focus-visible:ring-ring/50 rounded-sm outline-none focus-visible:ring-[3px]';

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="bg-card text-card-foreground flex min-w-0 flex-col gap-1 rounded-lg border p-3">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {typeof value === 'number' ? value.toLocaleString('en-US') : value}
      </dd>
    </div>
  );
}

/**
 * What was found in a C-file read in full: the pages read (and by OCR), the medications and
 * conditions, how many conditions are not yet claimed and how many a presumptive list names; every
 * unclaimed condition added as a disability in one step (after a confirmation; conditions protected
 * by 38 U.S.C. 7332 are left for the veteran to choose one by one); the evidence index as a PDF.
 */
export function CfileSummary({ cfile }: { cfile: Cfile }) {
  const conditions = useCfileConditions(cfile.id);
  const add = useAddCfileDisabilities();
  const download = useDownloadEvidenceIndex();
  const [isConfirming, setIsConfirming] = useState(false);
  const figuresId = useId();
  const nextId = useId();

  const results = conditions.data?.results ?? [];
  const unclaimed = results.filter((condition) => !condition.claimed);
  const addable = unclaimed.filter((condition) => !condition.protected_7332);
  const protectedCount = unclaimed.length - addable.length;
  const presumptive = results.filter((condition) => condition.presumptive !== false);
  const fromConditions = (count: number) => (conditions.data ? count : '…');

  const confirmAdd = () => {
    add.mutate(
      { cfileId: cfile.id, input: { names: addable.map((condition) => condition.name) } },
      {
        onSuccess: (result) => {
          setIsConfirming(false);
          toastAdded(result);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <section aria-labelledby={figuresId} className="flex min-w-0 flex-col gap-3">
        <h2 id={figuresId} className="text-xl font-semibold">
          What was found
        </h2>
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
          <Figure label="Pages read" value={cfile.pages_total ?? cfile.pages_done} />
          <Figure label="Pages read by OCR" value={cfile.pages_ocr} />
          <Figure label="Medications" value={cfile.medications_count ?? '—'} />
          <Figure label="Conditions" value={cfile.conditions_count ?? results.length} />
          <Figure label="Conditions not yet claimed" value={fromConditions(unclaimed.length)} />
          <Figure
            label="Conditions that may be presumptive"
            value={fromConditions(presumptive.length)}
          />
        </dl>
        {conditions.isPending ? (
          <Spinner label="Loading the conditions" className="text-muted-foreground" />
        ) : null}
        {conditions.isError ? (
          <QueryErrorPanel
            title="We could not load the conditions"
            error={conditions.error}
            onRetry={() => void conditions.refetch()}
            isRetrying={conditions.isFetching}
            headingLevel={3}
          />
        ) : null}
      </section>

      <section aria-labelledby={nextId} className="flex min-w-0 flex-col gap-3">
        <h2 id={nextId} className="text-xl font-semibold">
          What you can do next
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <Link to={cfileHref('disabilities', cfile.id)} className={linkClass}>
              Review the conditions found
            </Link>
          </li>
          <li>
            <Link to={cfileHref('medications', cfile.id)} className={linkClass}>
              Review the medications found
            </Link>
          </li>
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            disabled={addable.length === 0 || add.isPending}
            onClick={() => setIsConfirming(true)}
          >
            Add all unclaimed conditions as disabilities
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={download.isPending}
            onClick={() => download.mutate(cfile.id)}
          >
            <DownloadIcon aria-hidden />
            {download.isPending ? 'Preparing the PDF…' : 'Download evidence index (PDF)'}
          </Button>
        </div>
        {conditions.data && addable.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {protectedCount > 0
              ? 'The only conditions not yet claimed are protected by 38 U.S.C. 7332: choose them one by one on the conditions page.'
              : 'Every condition found is already among your disabilities.'}
          </p>
        ) : null}
      </section>

      <AlertDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!add.isPending) setIsConfirming(open);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Add these conditions as disabilities?</AlertDialogTitle>
            <AlertDialogDescription>
              Each becomes one of your disabilities, ready for you to describe. You can delete any
              of them later.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="max-h-60 list-disc overflow-y-auto pl-5 text-sm">
            {addable.map((condition) => (
              <li key={condition.name}>{condition.name}</li>
            ))}
          </ul>
          {protectedCount > 0 ? (
            <p className="text-muted-foreground text-sm">
              {protectedCount === 1
                ? '1 condition protected by 38 U.S.C. 7332 is left out: you can choose it yourself on the conditions page.'
                : `${protectedCount} conditions protected by 38 U.S.C. 7332 are left out: you can choose them yourself on the conditions page.`}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={add.isPending}>Cancel</AlertDialogCancel>
            <Button type="button" onClick={confirmAdd} disabled={add.isPending}>
              {add.isPending
                ? 'Adding…'
                : `Add ${addable.length === 1 ? '1 condition' : `${addable.length} conditions`}`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
