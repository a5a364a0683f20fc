import type { NextStep } from '@muster/contract/readiness';
import { Link } from 'react-router';

import { isAppRelativePath } from '@/config/paths';
import { cn } from '@/utils/cn';

const LINK_CLASS =
  'text-primary focus-visible:ring-ring/50 rounded-sm underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px]';

/**
 * A next step in one sentence: a link to the page where it is done, or plain text when it happens
 * outside Muster (a doctor's visit).
 */
export function NextStepText({ step, className }: { step: NextStep; className?: string }) {
  if (step.path !== null && isAppRelativePath(step.path)) {
    return (
      <Link to={step.path} className={cn(LINK_CLASS, className)}>
        {step.text}
      </Link>
    );
  }
  return <span className={className}>{step.text}</span>;
}
