import { Link, useNavigate } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { ProfileForm } from '@/features/users/components/profile-form';
import { toastSuccess } from '@/lib/toast';

import { useAccount } from '../../shell/use-account';

/** `/welcome/profile`: name and served branches, then the dashboard. */
export function WelcomeProfileRoute() {
  const { profile } = useAccount();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Set up your profile"
        description="Tell us your name and the branches you served in. You can change these later in your account."
      />
      <ProfileForm
        profile={profile}
        submitLabel="Save and continue"
        onSaved={() => {
          toastSuccess('Your profile is saved');
          void navigate(paths.dashboard.getHref());
        }}
      />
      <p>
        <Link to={paths.dashboard.getHref()} className="underline underline-offset-4">
          Skip for now
        </Link>
      </p>
    </div>
  );
}
