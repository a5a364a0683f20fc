import type { ReactNode } from 'react';

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
    <div className="mx-auto flex w-full max-w-sm flex-col gap-6">
      <PageHeader title={title} description={description} />
      {children}
      {footer ? <div className="text-muted-foreground text-sm">{footer}</div> : null}
    </div>
  );
}
