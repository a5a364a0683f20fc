import {
  CalculatorIcon,
  FileSearchIcon,
  FileTextIcon,
  FilesIcon,
  FolderLockIcon,
  HandshakeIcon,
  MessagesSquareIcon,
  PlusIcon,
  StampIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/**
 * The panels the dashboard shows until each feature lands and brings its own, with real data:
 * where to start, as an empty state.
 */

const PANEL_EMPTY_STATE = 'border-0 p-0';

export function RatingPanel() {
  return (
    <EmptyState
      icon={CalculatorIcon}
      className={PANEL_EMPTY_STATE}
      action={{ label: 'Open the rating calculator', href: paths.calculator.getHref() }}
    >
      Your combined rating appears here once your ratings are recorded. Until then, the calculator
      shows how VA combines ratings and what each rating pays per month.
    </EmptyState>
  );
}

type Action = { title: string; description: string; href: string; Icon: LucideIcon };

const QUICK_ACTIONS: Action[] = [
  {
    title: 'Add a disability',
    description: 'Record a condition and write a statement for it.',
    href: paths.disabilities.new.getHref(),
    Icon: PlusIcon,
  },
  {
    title: 'Analyze a decision letter',
    description: 'Understand what VA decided, and why, in plain language.',
    href: paths.decisionLetterAnalyzer.getHref(),
    Icon: FileSearchIcon,
  },
  {
    title: 'Upload to the File Vault',
    description: 'Keep service and medical records together in one secure place.',
    href: paths.vault.getHref(),
    Icon: FolderLockIcon,
  },
  {
    title: 'Ask the assistant',
    description: 'Start a chat about your claim.',
    href: paths.chats.new.getHref(),
    Icon: MessagesSquareIcon,
  },
  {
    title: 'Request a nexus letter',
    description: 'A medical opinion that connects a condition to your service.',
    href: paths.nexus.new.getHref(),
    Icon: StampIcon,
  },
  {
    title: 'Prepare VA forms',
    description: 'Your Intent to File and your application for compensation.',
    href: paths.vaForms.home.getHref(),
    Icon: FileTextIcon,
  },
  {
    title: 'Read your C-file',
    description: 'Find the medications and diagnoses in your whole claims file.',
    href: paths.cfile.home.getHref(),
    Icon: FilesIcon,
  },
  {
    title: 'Link your representative',
    description: 'Record your VSO and share chosen records with them.',
    href: paths.linkVso.getHref(),
    Icon: HandshakeIcon,
  },
];

export function QuickActionsPanel() {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {QUICK_ACTIONS.map(({ title, description, href, Icon }) => (
        <li key={href}>
          <Link
            to={href}
            className="bg-background hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex h-full gap-3 rounded-lg border p-3 transition-colors outline-none focus-visible:ring-[3px]"
          >
            <span
              aria-hidden
              className="bg-accent text-accent-foreground inline-flex size-9 shrink-0 items-center justify-center rounded-md"
            >
              <Icon className="size-4" />
            </span>
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="font-semibold">{title}</span>
              <span className="text-muted-foreground text-sm">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
