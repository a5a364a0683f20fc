import type { Cfile, CfileCondition } from '@muster/contract/cfiles';
import { CircleCheckIcon, StethoscopeIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useAddCfileDisabilities } from '../api/add-cfile-disabilities';
import { useCfileConditions } from '../api/get-cfile-conditions';
import { countText } from '../utils/progress-text';
import { toastAdded } from './add-disabilities-toast';
import { PageReferences } from './page-references';
import { PageViewer, type PageTarget } from './page-viewer';
import { ProtectedBadge, ProtectedExplanation } from './protected-note';

const SIDE_LABELS: Record<CfileCondition['sides'][number], string> = {
  left: 'left',
  right: 'right',
  bilateral: 'both sides',
};

/** The words to mark on a page: the name, then the page's own evidence (the words it used). */
export function conditionTerms(condition: CfileCondition, page: number): string[] {
  const evidence = condition.protected_7332
    ? []
    : condition.evidence
        .filter((item) => item.page === page)
        .map((item) => item.snippet.replace(/^…|…$/g, '').trim());
  return [condition.name, ...evidence];
}

/**
 * The conditions found in a C-file read in full: each with its diagnostic code, pages (opening the
 * page viewer with the finding marked), whether it is claimed, the presumptive lists that name it,
 * the 7332 mark and a few snippets of evidence. Unclaimed ones can be chosen and added as
 * disabilities in one step; the claimed marks follow.
 */
export function CfileConditions({ cfile }: { cfile: Cfile }) {
  const conditions = useCfileConditions(cfile.id);
  const add = useAddCfileDisabilities();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<PageTarget | null>(null);
  const [showChooseError, setShowChooseError] = useState(false);
  const headingId = useId();
  const errorId = useId();

  if (conditions.isPending) return <PageSpinner label="Loading the conditions" />;
  if (conditions.isError) {
    return (
      <QueryErrorPanel
        title="We could not load the conditions"
        error={conditions.error}
        onRetry={() => void conditions.refetch()}
        isRetrying={conditions.isFetching}
      />
    );
  }
  const all = conditions.data.results;
  if (all.length === 0) {
    return (
      <EmptyState icon={StethoscopeIcon} title="No conditions found">
        Muster found no diagnoses in this C-file. A scanned page that could not be read may be
        missed; you can still add your conditions yourself.
      </EmptyState>
    );
  }
  const unclaimed = all.filter((condition) => !condition.claimed);
  // Only names still unclaimed count: one added since it was chosen is no longer offered.
  const chosenNames = unclaimed
    .map((condition) => condition.name)
    .filter((name) => chosen.has(name));

  const toggle = (name: string, isChosen: boolean) => {
    setShowChooseError(false);
    setChosen((current) => {
      const next = new Set(current);
      if (isChosen) next.add(name);
      else next.delete(name);
      return next;
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosenNames.length === 0) {
      setShowChooseError(true);
      return;
    }
    add.mutate(
      { cfileId: cfile.id, input: { names: chosenNames } },
      {
        onSuccess: (result) => {
          setChosen(new Set());
          toastAdded(result);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {all.some((condition) => condition.protected_7332) ? <ProtectedExplanation /> : null}
      <form onSubmit={handleSubmit} noValidate className="flex min-w-0 flex-col gap-4">
        <h2 id={headingId} className="text-xl font-semibold">
          Conditions found
        </h2>
        <p className="text-muted-foreground text-sm">
          {`${countText(all.length, 'condition', 'conditions')} found, ${unclaimed.length} not yet among your disabilities. Choose the ones to add.`}
        </p>
        <fieldset disabled={add.isPending} className="flex min-w-0 flex-col gap-4">
          <legend className="sr-only">Conditions to add as disabilities</legend>
          <ul aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
            {all.map((condition) => (
              <li key={condition.name} className="min-w-0">
                <ConditionCard
                  condition={condition}
                  isChosen={chosen.has(condition.name)}
                  onToggle={(isChosen) => toggle(condition.name, isChosen)}
                  onOpenPage={(page) =>
                    setTarget({
                      page,
                      finding: condition.name,
                      terms: conditionTerms(condition, page),
                    })
                  }
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                aria-describedby={showChooseError ? errorId : undefined}
                disabled={unclaimed.length === 0}
              >
                {add.isPending ? 'Adding…' : 'Add as disabilities'}
              </Button>
              <Link
                to={paths.disabilities.list.getHref()}
                className="text-primary text-sm font-medium underline underline-offset-4 hover:no-underline"
              >
                See your disabilities
              </Link>
            </div>
            {showChooseError ? (
              <p id={errorId} role="alert" className="text-destructive text-sm">
                Choose at least one condition to add.
              </p>
            ) : null}
          </div>
        </fieldset>
      </form>
      <PageViewer
        cfileId={cfile.id}
        pagesTotal={cfile.pages_total}
        target={target}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}

type ConditionCardProps = {
  condition: CfileCondition;
  isChosen: boolean;
  onToggle: (isChosen: boolean) => void;
  onOpenPage: (page: number) => void;
};

function ConditionCard({ condition, isChosen, onToggle, onOpenPage }: ConditionCardProps) {
  const nameId = useId();
  const checkboxId = useId();
  const lists = condition.presumptive === false ? [] : condition.presumptive.lists;
  return (
    <article
      aria-labelledby={nameId}
      className="bg-card text-card-foreground flex min-w-0 flex-col gap-3 rounded-lg border p-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        {condition.claimed ? (
          <CircleCheckIcon
            className="mt-1 size-4 shrink-0 text-green-700 dark:text-green-400"
            aria-hidden
          />
        ) : (
          <Checkbox
            id={checkboxId}
            className="mt-1.5"
            checked={isChosen}
            onCheckedChange={(checked) => onToggle(checked === true)}
            aria-labelledby={nameId}
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={nameId} className="font-semibold break-words">
            {condition.claimed ? (
              condition.name
            ) : (
              <label htmlFor={checkboxId} className="cursor-pointer">
                {condition.name}
              </label>
            )}
          </h3>
          <div className="flex flex-wrap gap-2 text-xs">
            {condition.claimed ? (
              <span className="bg-muted rounded-md px-1.5 py-0.5 font-medium">
                Already among your disabilities
              </span>
            ) : (
              <span className="rounded-md border px-1.5 py-0.5 font-medium">Not claimed yet</span>
            )}
            {condition.protected_7332 ? <ProtectedBadge /> : null}
          </div>
        </div>
      </div>
      <dl className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Diagnostic code</dt>
        <dd>{condition.diagnostic_code ? `DC ${condition.diagnostic_code}` : '—'}</dd>
        {condition.sides.length > 0 ? (
          <>
            <dt className="text-muted-foreground">Side</dt>
            <dd>{condition.sides.map((side) => SIDE_LABELS[side]).join(', ')}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">May be presumptive</dt>
        <dd>
          {lists.length === 0 ? (
            'No presumptive list names it'
          ) : (
            <ul className="flex flex-col gap-0.5">
              {lists.map((list) => (
                <li key={list.id}>
                  {list.title}
                  {list.certain ? '' : ' (only some forms of it)'}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="text-muted-foreground">Pages</dt>
        <dd className="min-w-0">
          <PageReferences
            pages={condition.pages}
            label={`Pages with ${condition.name}`}
            onOpen={onOpenPage}
          />
        </dd>
      </dl>
      {condition.evidence.length > 0 ? (
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <p className="text-muted-foreground">What the pages say</p>
          <ul aria-label={`Evidence of ${condition.name}`} className="flex flex-col gap-2">
            {condition.evidence.map((item) => (
              <li key={`${item.page}-${item.snippet}`} className="flex min-w-0 flex-col gap-0.5">
                <blockquote className="border-l-2 pl-3 break-words italic">
                  {condition.protected_7332
                    ? 'The words are withheld here because the record is protected. Open the page to read them.'
                    : item.snippet}
                </blockquote>
                <div>
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto px-0 py-0"
                    onClick={() => onOpenPage(item.page)}
                  >
                    {`Open page ${item.page}`}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
