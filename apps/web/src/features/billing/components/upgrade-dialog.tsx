import { upgradeDialogFor } from '@muster/domain/quotas';
import { useLocation, useNavigate } from 'react-router';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import type { UpgradePromptRequest } from '@/lib/upgrade-prompt';

import { useOpenBilling } from '../hooks/use-open-billing';
import { quotaFeatureFromText } from '../utils/quota-feature';

export type UpgradeDialogProps = {
  request: UpgradePromptRequest;
  /** Paying users who hit a quota get "Monthly Limit Reached" and no upgrade offer. */
  isPaying: boolean;
  /** Without billing, "upgrade" can only lead to the plan page, which explains why. */
  isBillingEnabled: boolean;
  onClose: () => void;
};

/**
 * The upgrade prompt for a quota or permission refusal: the content comes from `upgradeDialogFor`.
 * The upgrade button opens the upgrade portal; a 404 or 400 from it means there is no subscription
 * to upgrade, so the user goes to /sign-up (which leads to plan selection); other failures are
 * only logged.
 */
export function UpgradeDialog({
  request,
  isPaying,
  isBillingEnabled,
  onClose,
}: UpgradeDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const openBilling = useOpenBilling();
  const content = upgradeDialogFor({
    text: request.text,
    feature: request.feature ?? quotaFeatureFromText(request.text),
    isPaying,
  });

  const handleUpgrade = () => {
    if (!isBillingEnabled) {
      onClose();
      void navigate(paths.planSelection.getHref());
      return;
    }
    openBilling.mutate(
      { to: 'upgrade-portal', returnPath: `${location.pathname}${location.search}` },
      {
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status === 400)) {
            onClose();
            void navigate(paths.signUp.getHref());
          }
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{content.title}</DialogTitle>
          <DialogDescription>
            {content.kind === 'plan' ? content.description : content.text}
          </DialogDescription>
        </DialogHeader>
        {content.kind === 'plan' ? <p className="text-sm font-medium">{content.text}</p> : null}
        <DialogFooter>
          {content.kind === 'limit-paying' ? (
            <Button type="button" onClick={onClose}>
              {content.button}
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={onClose}>
                Maybe Later
              </Button>
              <Button type="button" onClick={handleUpgrade} disabled={openBilling.isPending}>
                {content.button}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
