import { Link } from 'react-router';

import { BrandIntro } from '@/components/brand/logo';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useAccount } from '../../shell/use-account';

const FIRST_STEPS = [
  {
    title: 'Tell us about your service',
    text: 'Add your name and the branches you served in, so guidance fits your history.',
  },
  {
    title: 'Record your conditions',
    text: 'Add each disability and write a statement for it, one step at a time.',
  },
  {
    title: 'Gather your evidence',
    text: 'Keep service and medical records in the File Vault, and get your decision letters explained.',
  },
];

/** `/welcome`: the first screen of a new member. */
export function WelcomeRoute() {
  const { profile } = useAccount();
  const name = profile.has_name ? `, ${profile.first_name}` : '';
  return (
    <div className="flex max-w-prose flex-col gap-6">
      <BrandIntro />
      <PageHeader
        title={`Welcome to Muster${name}`}
        description="Muster helps you prepare your VA disability claim, step by step, with tools built by veterans."
      />
      <section aria-labelledby="welcome-steps" className="flex flex-col gap-3">
        <h2 id="welcome-steps" className="text-xl font-semibold">
          Your first steps
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          {FIRST_STEPS.map((step) => (
            <li key={step.title}>
              <span className="font-medium">{step.title}.</span> {step.text}
            </li>
          ))}
        </ol>
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.welcomeProfile.getHref()}>Set up your profile</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>Go to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
