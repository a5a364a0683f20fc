import { isPaying } from '@muster/domain/subscription';

import { freePriceIdOf, useBillingConfig } from '@/features/billing/api/get-billing-config';
import { UpgradeDialog } from '@/features/billing/components/upgrade-dialog';
import { useProfile } from '@/features/users/api/get-profile';
import { useCurrentUser } from '@/lib/use-auth';
import { upgradePrompt, type UpgradePromptRequest } from '@/lib/upgrade-prompt';

/** The upgrade dialog for the current prompt, told whether the user pays and billing is on. */
export function UpgradeDialogContainer({ request }: { request: UpgradePromptRequest }) {
  const user = useCurrentUser();
  const profile = useProfile(user?.id ?? '', { enabled: user !== null });
  const config = useBillingConfig();
  // Wait for what decides the dialog's content (both are usually cached already).
  if (config.isPending || (user !== null && profile.isPending)) return null;

  const data = profile.data;
  const paying = data
    ? isPaying({
        status: data.subscription_status,
        priceId: data.price_id,
        freePriceId: freePriceIdOf(config.data),
      })
    : false;
  return (
    <UpgradeDialog
      request={request}
      isPaying={paying}
      isBillingEnabled={config.data?.enabled ?? false}
      onClose={upgradePrompt.close}
    />
  );
}
