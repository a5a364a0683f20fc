import { VA_REPRESENTATIVE_SEARCH_URL } from '@muster/contract/vso';
import type { VsoShareCreated } from '@muster/contract/vso';
import { ExternalLinkIcon } from 'lucide-react';
import { useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { OneTimeLink } from '@/components/one-time-link';
import { Spinner } from '@/components/ui/spinner';
import { useRepresentative } from '@/features/vso/api/vso';
import { Form2122Panel } from '@/features/vso/components/form-21-22-panel';
import { RepresentativeForm } from '@/features/vso/components/representative-form';
import { ShareList } from '@/features/vso/components/share-list';
import { ShareRecordsForm } from '@/features/vso/components/share-records-form';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Representative() {
  const representative = useRepresentative();
  if (representative.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your representative"
        error={representative.error}
        onRetry={() => void representative.refetch()}
        isRetrying={representative.isFetching}
      />
    );
  }
  if (!representative.data) return <Spinner label="Loading your representative" />;
  return <RepresentativeForm current={representative.data.representative} />;
}

/**
 * `/link-vso` (Link a VSO): what a Veterans Service Organization is, the representative the
 * veteran works with, VA Form 21-22's data, and read-only shares of chosen records.
 */
export function LinkVsoRoute() {
  const [created, setCreated] = useState<VsoShareCreated | null>(null);
  return (
    <>
      <PageHeader
        title="Link a VSO"
        description="An accredited Veterans Service Organization (VSO) representative can prepare and file your claim with you, for free."
      />
      <div className="flex min-w-0 flex-col gap-10">
        <Section id="vso-what" title="What a VSO does">
          <p className="max-w-prose">
            VSOs such as the American Legion, DAV or VFW, and your state’s veterans office, employ
            representatives that VA accredits. They never charge for help with a claim. Once you
            appoint one on VA Form 21-22, they can see your VA file and speak to VA for you.
          </p>
          <p>
            <a
              href={VA_REPRESENTATIVE_SEARCH_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
            >
              Find an accredited representative on VA.gov
              <ExternalLinkIcon className="size-4" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </Section>
        <Section id="vso-representative" title="Your representative">
          <Representative />
        </Section>
        <Section id="vso-form" title="VA Form 21-22">
          <p className="max-w-prose">
            What will go on your Appointment of Veterans Service Organization as Claimant’s
            Representative, from your veteran record and your representative.
          </p>
          <Form2122Panel />
        </Section>
        <Section id="vso-share" title="Share records">
          <p className="max-w-prose">
            Let your representative read the records you choose through a link, until it expires or
            you revoke it. They cannot change anything, and you see each time the link is opened.
          </p>
          {created ? (
            <OneTimeLink
              message="Your link is ready. It is shown only this once: copy it now and send it to your representative."
              label="Share link"
              url={created.url}
            />
          ) : null}
          <ShareRecordsForm onCreated={setCreated} />
        </Section>
        <Section id="vso-shares" title="Your shares">
          <ShareList />
        </Section>
      </div>
    </>
  );
}
