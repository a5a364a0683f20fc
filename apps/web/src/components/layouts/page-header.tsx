import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** The screen name: the page's only <h1>. */
  title: string;
  description?: ReactNode;
};

export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-muted-foreground max-w-prose">{description}</p> : null}
    </div>
  );
}
