import { ERR } from '@muster/contract/errors';
import { PROVIDER_TOKEN_PATTERN } from '@muster/contract/nexus-letters';
import { formatLongDay } from '@muster/domain/format';
import { CircleCheckIcon, DownloadIcon, LinkIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { FileUpload } from '@/components/upload/file-upload';
import { LINK_UPLOAD_RULE, linkUploadDeps } from '@/components/upload/link-upload';
import { isApiError } from '@/lib/api-error';

import {
  providerUploadCalls,
  useDownloadProviderDraft,
  useProviderRequestView,
} from '../api/provider-link';

/**
 * The page a physician opens from the veteran's email: the draft nexus letter to review, edit on
 * their own letterhead if they wish, sign, and upload back. No account is needed. The link takes
 * one upload; after that (or once expired or withdrawn) it says so and nothing else.
 */
export function ProviderUpload({ token }: { token: string }) {
  // A token of the wrong shape is no link: nothing is asked of the API (not even a session).
  const isToken = PROVIDER_TOKEN_PATTERN.test(token);
  const view = useProviderRequestView(token, { enabled: isToken });
  const draft = useDownloadProviderDraft(token);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const deps = useMemo(() => linkUploadDeps(providerUploadCalls(token)), [token]);
  const stepsId = useId();

  if (uploaded) {
    return (
      <EmptyState icon={CircleCheckIcon} title="Thank you. The signed letter was sent.">
        {`${uploaded} is now with the veteran, in their records for the claim. This link no longer works; you can close this page.`}
      </EmptyState>
    );
  }
  const isGone = !isToken || (isApiError(view.error) && view.error.code === ERR.NOT_FOUND);
  if (isGone) {
    return (
      <EmptyState icon={LinkIcon} title="This link no longer works">
        It may have been used already, expired after 30 days, or been withdrawn. Ask the veteran for
        a new link if they still need your signed letter.
      </EmptyState>
    );
  }
  if (view.isPending) return <PageSpinner label="Opening the request" />;
  if (view.isError) {
    return (
      <QueryErrorPanel
        title="We could not open this request"
        error={view.error}
        onRetry={() => void view.refetch()}
        isRetrying={view.isFetching}
      />
    );
  }
  const request = view.data;
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4">
        <p className="break-words">
          {`${request.provider_name}, ${request.veteran_first_name} asked you to review and sign a medical opinion (nexus letter) about their ${request.condition}.`}
        </p>
        <p className="text-muted-foreground text-sm">
          {`This link works for one upload, until ${formatLongDay(request.expires_at.slice(0, 10))}.`}
        </p>
      </div>
      <section aria-labelledby={stepsId} className="flex min-w-0 flex-col gap-4">
        <h2 id={stepsId} className="text-xl font-semibold">
          Review, sign and upload
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          <li>
            Download the draft. It states the opinion in VA’s standard of proof (“at least as likely
            as not”) and marks in brackets what only you can write or confirm.
          </li>
          <li>
            Change anything you do not agree with, or put it on your letterhead. Sign and date it,
            with your credentials.
          </li>
          <li>
            Upload the signed letter here as one file: a PDF of all its pages (a photo works for a
            one-page letter).
          </li>
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={draft.isPending}
            onClick={() => draft.mutate()}
          >
            <DownloadIcon aria-hidden />
            {draft.isPending ? 'Preparing the draft…' : 'Download the draft (PDF)'}
          </Button>
        </div>
        <FileUpload
          kind="document"
          rule={LINK_UPLOAD_RULE}
          resumable={false}
          deps={deps}
          pickLabel="Choose the signed letter"
          onUploaded={(file) => setUploaded(file.filename)}
          doneMessage={(name) => `${name} was sent to the veteran.`}
        />
      </section>
    </div>
  );
}
