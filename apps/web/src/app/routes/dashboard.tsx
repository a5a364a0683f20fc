import { Link } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';

type Destination = { title: string; description: string; href: string };

const DESTINATIONS: Destination[] = [
  {
    title: 'Disabilities',
    description: 'Record your conditions and write a statement for each one.',
    href: paths.disabilities.list.getHref(),
  },
  {
    title: 'Decision Letter Analyzer',
    description: 'Understand what VA decided, and why, in plain language.',
    href: paths.decisionLetterAnalyzer.getHref(),
  },
  {
    title: 'File Vault',
    description: 'Keep service and medical records together in one secure place.',
    href: paths.vault.getHref(),
  },
  {
    title: 'Chats',
    description: 'Ask the Muster assistant about your claim.',
    href: paths.chats.list.getHref(),
  },
  {
    title: 'Nexus letters',
    description: 'Request a medical opinion that connects a condition to your service.',
    href: paths.nexus.list.getHref(),
  },
  {
    title: 'VA forms',
    description: 'Prepare your Intent to File and your application for compensation.',
    href: paths.vaForms.home.getHref(),
  },
];

/** The landing page after sign-in. Claim progress and recent activity arrive with their features. */
export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your claim at a glance. Pick up where you left off, or start with one of the tools below."
      />
      <nav aria-label="Claim tools">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {DESTINATIONS.map((destination) => (
            <li key={destination.href}>
              <Link
                to={destination.href}
                className="bg-card text-card-foreground hover:bg-accent focus-visible:ring-ring/50 flex h-full flex-col gap-1 rounded-lg border p-4 shadow-xs transition-colors outline-none focus-visible:ring-[3px]"
              >
                <span className="font-semibold">{destination.title}</span>
                <span className="text-muted-foreground text-sm">{destination.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
