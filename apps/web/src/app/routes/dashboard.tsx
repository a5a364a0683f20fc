import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';

type Action = { title: string; description: string; href: string };

const QUICK_ACTIONS: Action[] = [
  {
    title: 'Add a disability',
    description: 'Record a condition and write a statement for it.',
    href: paths.disabilities.new.getHref(),
  },
  {
    title: 'Analyze a decision letter',
    description: 'Understand what VA decided, and why, in plain language.',
    href: paths.decisionLetterAnalyzer.getHref(),
  },
  {
    title: 'Upload to the File Vault',
    description: 'Keep service and medical records together in one secure place.',
    href: paths.vault.getHref(),
  },
  {
    title: 'Ask the assistant',
    description: 'Start a chat about your claim.',
    href: paths.chats.new.getHref(),
  },
  {
    title: 'Request a nexus letter',
    description: 'A medical opinion that connects a condition to your service.',
    href: paths.nexus.new.getHref(),
  },
  {
    title: 'Prepare VA forms',
    description: 'Your Intent to File and your application for compensation.',
    href: paths.vaForms.home.getHref(),
  },
];

const linkClass =
  'text-primary font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-ring/50 rounded-sm focus-visible:ring-[3px]';

function Panel({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: { label: string; href: string };
}) {
  return (
    <section
      aria-labelledby={id}
      className="bg-card text-card-foreground flex flex-col gap-2 rounded-lg border p-4 shadow-xs"
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <div className="text-muted-foreground flex-1 text-sm">{children}</div>
      {action ? (
        <Link to={action.href} className={`${linkClass} text-sm`}>
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The landing page after sign-in (issue 4): one panel per part of the claim. Each shows where to
 * start until its feature lands and feeds it real data.
 */
export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your claim at a glance. Pick up where you left off, or start with one of the quick actions."
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Panel
          id="panel-disabilities"
          title="Your disabilities"
          action={{ label: 'Add your first disability', href: paths.disabilities.new.getHref() }}
        >
          You have not added any conditions yet. Each one gets its own statement that you complete
          at your own pace.
        </Panel>
        <Panel
          id="panel-decision-letter"
          title="Latest decision letter"
          action={{
            label: 'Analyze a decision letter',
            href: paths.decisionLetterAnalyzer.getHref(),
          }}
        >
          No decision letter yet. Upload one to see each condition, the rating VA gave and why.
        </Panel>
        <Panel
          id="panel-rating"
          title="Combined rating and monthly compensation"
          action={{ label: 'Open the rating calculator', href: paths.calculator.getHref() }}
        >
          Your combined rating appears here once your ratings are recorded. Until then, the
          calculator shows how VA combines ratings and what each rating pays per month.
        </Panel>
        <Panel
          id="panel-deadlines"
          title="Next deadlines"
          action={{ label: 'File an Intent to File', href: paths.vaForms.intentToFile.getHref() }}
        >
          No deadlines yet. An Intent to File gives you one year to submit your claim and can
          protect the date your benefits start from.
        </Panel>
      </div>
      <section aria-labelledby="panel-quick-actions" className="mt-8">
        <h2 id="panel-quick-actions" className="mb-3 font-semibold">
          Quick actions
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.href}>
              <Link
                to={action.href}
                className="bg-card text-card-foreground hover:bg-accent focus-visible:ring-ring/50 flex h-full flex-col gap-1 rounded-lg border p-4 shadow-xs transition-colors outline-none focus-visible:ring-[3px]"
              >
                <span className="font-semibold">{action.title}</span>
                <span className="text-muted-foreground text-sm">{action.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
