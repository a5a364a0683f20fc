import { STATEMENT_FORMAT_LABELS } from '@muster/contract/personal-statements';
import { DownloadIcon, FileTextIcon, LoaderCircleIcon } from 'lucide-react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { useDownloadGeneratedDocument } from '../api/download-generated-document';
import { useGeneratedDocuments } from '../api/get-generated-documents';
import { formatDocumentDate } from '../utils/document-labels';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px]';

/**
 * What Muster wrote for the veteran (today, each personal statement's latest version), each
 * downloadable again in every format it comes in. With nothing yet, the way to the disabilities,
 * where statements are written.
 */
export function GeneratedDocumentList() {
  const generated = useGeneratedDocuments();
  const download = useDownloadGeneratedDocument();

  if (generated.data === undefined) {
    if (!generated.isError) return <PageSpinner label="Loading your documents" />;
    return (
      <QueryErrorPanel
        title="We could not load your documents"
        error={generated.error}
        onRetry={() => void generated.refetch()}
        isRetrying={generated.isFetching}
      />
    );
  }
  if (generated.data.length === 0) {
    return (
      <EmptyState
        icon={FileTextIcon}
        title="Nothing prepared yet"
        action={{ label: 'Go to your disabilities', href: paths.disabilities.list.getHref() }}
      >
        When you write the personal statement for a disability, it appears here ready to download,
        with the VA forms it fills in.
      </EmptyState>
    );
  }

  const isBusy = download.isPending;
  return (
    <ul aria-label="Prepared documents" className="grid min-w-0 gap-4">
      {generated.data.map((document) => (
        <li key={document.id} className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
          <h2 className="min-w-0 text-lg font-semibold break-words">{document.title}</h2>
          <p className="text-muted-foreground text-sm break-words">
            {`Version ${document.version}, saved ${formatDocumentDate(document.updated_at)}, for `}
            <Link
              to={paths.disabilities.wizard.getHref(document.disability_id)}
              className={linkClass}
            >
              {document.disability_title}
            </Link>
            .
          </p>
          <div className="flex flex-wrap gap-2">
            {document.formats.map((format) => {
              const label = STATEMENT_FORMAT_LABELS[format];
              const isThisOne =
                isBusy &&
                download.variables.document.id === document.id &&
                download.variables.format === format;
              return (
                <Button
                  key={format}
                  type="button"
                  size="sm"
                  variant={format === 'pdf' ? 'default' : 'outline'}
                  aria-label={`${label}: ${document.title}`}
                  aria-disabled={isBusy || undefined}
                  aria-busy={isThisOne || undefined}
                  onClick={() => {
                    if (isBusy) return;
                    download.mutate(
                      { document, format },
                      { onSuccess: () => toastFeedback('success', `${label} downloaded.`) },
                    );
                  }}
                >
                  {isThisOne ? (
                    <LoaderCircleIcon
                      aria-hidden
                      className="animate-spin motion-reduce:animate-none"
                    />
                  ) : (
                    <DownloadIcon aria-hidden />
                  )}
                  {label}
                </Button>
              );
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}
