import type {
  PersonalStatement,
  StatementVersionSummary,
} from '@muster/contract/personal-statements';
import { ChevronDownIcon, ChevronRightIcon, HistoryIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { usePersonalStatement } from '../api/get-personal-statement';
import { statementParagraphs, versionLabel } from '../utils/statement-labels';

export type StatementVersionsProps = {
  statement: PersonalStatement;
  /** Saves an earlier version's text as the new latest version. */
  onRestore: (restored: { version: number; body: string }) => void;
  isRestoring: boolean;
};

/**
 * Every kept version, newest first. The latest is the one in the box above; an earlier one opens
 * in place, read only, with a way to make it the latest again. The editor renders it anew after
 * each save, which closes whatever was open.
 */
export function StatementVersions({ statement, onRestore, isRestoring }: StatementVersionsProps) {
  const headingId = useId();
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <HistoryIcon aria-hidden className="size-4" />
        Versions
      </h3>
      <p className="text-muted-foreground text-sm">
        Every save keeps the text before it. Open an earlier version to read it or bring it back.
      </p>
      <ul className="flex flex-col gap-2">
        {statement.versions.map((summary) => (
          <li key={summary.version} className="min-w-0">
            {summary.version === statement.latest_version ? (
              <p className="px-1 py-1.5 text-sm">
                {versionLabel(summary)}{' '}
                <span className="text-muted-foreground">(current: the text above)</span>
              </p>
            ) : (
              <EarlierVersion
                statement={statement}
                summary={summary}
                isOpen={openVersion === summary.version}
                onToggle={() =>
                  setOpenVersion((current) =>
                    current === summary.version ? null : summary.version,
                  )
                }
                onRestore={(body) => onRestore({ version: summary.version, body })}
                isRestoring={isRestoring}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EarlierVersion({
  statement,
  summary,
  isOpen,
  onToggle,
  onRestore,
  isRestoring,
}: {
  statement: PersonalStatement;
  summary: StatementVersionSummary;
  isOpen: boolean;
  onToggle: () => void;
  onRestore: (body: string) => void;
  isRestoring: boolean;
}) {
  const panelId = useId();
  const Icon = isOpen ? ChevronDownIcon : ChevronRightIcon;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Button
        type="button"
        variant="ghost"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={onToggle}
        className="h-auto w-fit max-w-full justify-start px-1 py-1.5 text-left whitespace-normal"
      >
        <Icon aria-hidden />
        {versionLabel(summary)}
      </Button>
      {isOpen ? (
        <div
          id={panelId}
          className="bg-muted/30 ms-1 flex min-w-0 flex-col gap-3 rounded-md border p-3"
        >
          <VersionText
            disabilityId={statement.disability_id}
            statementId={statement.id}
            version={summary.version}
            onRestore={onRestore}
            isRestoring={isRestoring}
            onClose={onToggle}
          />
        </div>
      ) : null}
    </div>
  );
}

function VersionText({
  disabilityId,
  statementId,
  version,
  onRestore,
  isRestoring,
  onClose,
}: {
  disabilityId: string;
  statementId: string;
  version: number;
  onRestore: (body: string) => void;
  isRestoring: boolean;
  onClose: () => void;
}) {
  const query = usePersonalStatement({ disabilityId, statementId, version });
  if (query.isError) {
    return (
      <QueryErrorPanel
        title={`We could not load version ${version}`}
        error={query.error}
        headingLevel={3}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <Spinner label={`Loading version ${version}`} />;
  const { body } = query.data;
  return (
    <>
      <p className="text-muted-foreground text-sm">Version {version}, read only:</p>
      <div className="flex min-w-0 flex-col gap-3 text-sm leading-relaxed">
        {statementParagraphs(body).map((paragraph, index) => (
          // Paragraphs have no identity of their own, and this text never changes.
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          aria-disabled={isRestoring || undefined}
          onClick={() => {
            if (!isRestoring) onRestore(body);
          }}
        >
          Restore this version
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
