import { useId } from 'react';

import { PageHeader } from '@/components/layouts/page-header';
import { CfileIntake } from '@/features/cfile/components/cfile-intake';
import { CfileList } from '@/features/cfile/components/cfile-list';

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';

/**
 * `/cfile`: what a C-file is and how to ask VA for it, the upload (sent to be read, then on to its
 * progress), and the C-files given before.
 */
export function CfileRoute() {
  const whatId = useId();
  const uploadId = useId();
  const listId = useId();
  return (
    <>
      <PageHeader
        title="C-file"
        description="Upload your VA claims file (C-file) so Muster can find the conditions, medications and evidence in it."
      />
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby={whatId} className="flex max-w-prose min-w-0 flex-col gap-2">
          <h2 id={whatId} className="text-xl font-semibold">
            What a C-file is, and how to get yours
          </h2>
          <p className="text-sm leading-relaxed">
            Your C-file (claims file) is VA’s complete record of your claims: your service treatment
            and personnel records, VA exams, medical records VA gathered, the letters VA sent and
            its decisions. It is often hundreds or thousands of pages.
          </p>
          <p className="text-sm leading-relaxed">
            You have a right to a free copy. Ask VA for your claims file with a Privacy Act (or
            FOIA) request, for example on{' '}
            <a
              href="https://www.va.gov/find-forms/about-form-20-10206/"
              className={linkClass}
              target="_blank"
              rel="noreferrer"
            >
              VA Form 20-10206
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            , “Freedom of Information Act (FOIA) or Privacy Act (PA) Request”. Where VA.gov offers
            it, you may be able to download your records there instead. VA usually sends the file as
            one PDF, which can take weeks or months to arrive.
          </p>
        </section>

        <section aria-labelledby={uploadId} className="flex min-w-0 flex-col gap-3">
          <h2 id={uploadId} className="text-xl font-semibold">
            Upload your C-file
          </h2>
          <p className="text-muted-foreground max-w-prose text-sm">
            A PDF of up to 500 MB. The bar shows the upload as it goes; if the page reloads or the
            connection drops, choose the same file again and the upload resumes where it stopped.
            Muster then reads every page in the background (scanned pages with text recognition) and
            finds the medications and diagnoses in it. Your file is stored encrypted, and you can
            delete it at any time.
          </p>
          <CfileIntake />
        </section>

        <section aria-labelledby={listId} className="flex min-w-0 flex-col gap-3">
          <h2 id={listId} className="text-xl font-semibold">
            Your C-files
          </h2>
          <CfileList />
        </section>
      </div>
    </>
  );
}
