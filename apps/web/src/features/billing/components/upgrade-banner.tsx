import { useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';

import { useOpenBilling } from '../hooks/use-open-billing';

/**
 * "Upgrade to Support Development", for non-paying users while billing is on.
 * It opens the upgrade portal; a user with no paid subscription to change (404/400) goes to plan
 * selection instead.
 */
export function UpgradeBanner() {
  const navigate = useNavigate();
  const location = useLocation();
  const openBilling = useOpenBilling();

  const handleUpgrade = () => {
    openBilling.mutate(
      { to: 'upgrade-portal', returnPath: `${location.pathname}${location.search}` },
      {
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status === 400)) {
            void navigate(paths.planSelection.getHref());
          }
        },
      },
    );
  };

  return (
    <aside aria-label="Upgrade" className="bg-primary/10 border-b">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>Muster is built by veterans. Going Pro gives you more each month and keeps it going.</p>
        <Button type="button" size="sm" onClick={handleUpgrade} disabled={openBilling.isPending}>
          Upgrade to Support Development
        </Button>
      </div>
    </aside>
  );
}
