import type { ReactNode } from 'react';

import { BrandIntro } from '@/components/brand/logo';
import { PageHeader } from '@/components/layouts/page-header';

export type AuthPanelProps = {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** The narrow column the sign-in and sign-up pages share. */
export function AuthPanel({ title, description, children, footer }: AuthPanelProps) {
  return (
    <div className="bg-card text-card-foreground mx-auto flex w-full max-w-md flex-col gap-6 rounded-xl border p-5 shadow-sm sm:p-8">
      <BrandIntro />
      <PageHeader title={title} description={description} />
      {children}
      {footer ? <div className="text-muted-foreground text-sm">{footer}</div> : null}
    </div>
  );
}
