import type { ReactNode } from 'react';

import { PageHeader } from '@/components/layouts/page-header';

export type LegalPageProps = {
  title: string;
  /** Shown under the title, e.g. "Last updated November 21, 2026". */
  lastUpdated: string;
  children: ReactNode;
};

/** Long-form policy text with readable measure and spacing. */
export function LegalPage({ title, lastUpdated, children }: LegalPageProps) {
  return (
    <article className="max-w-prose">
      <PageHeader title={title} description={`Last updated ${lastUpdated}`} />
      <div className="flex flex-col gap-4 leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
    </article>
  );
}
