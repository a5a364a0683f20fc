import { isAllowedStatus, menuItemsFor, showUpgradeBanner } from '@muster/domain/subscription';
import { lazy, useState } from 'react';

import { NonEssential } from '@/components/errors/non-essential';
import { freePriceIdOf, useBillingConfig } from '@/features/billing/api/get-billing-config';
import { UpgradeBanner } from '@/features/billing/components/upgrade-banner';
import { billingLinksFor } from '@/features/billing/utils/menu-links';
import { useProfile } from '@/features/users/api/get-profile';
import { AccountMenu } from '@/features/users/components/account-menu';
import { authClient } from '@/lib/auth-client';
import { useCurrentUser } from '@/lib/use-auth';

// The contact form (react-hook-form, zod resolver, Radix select) loads when first opened.
const ContactDialog = lazy(() =>
  import('@/features/contact/components/contact-dialog').then((module) => ({
    default: module.ContactDialog,
  })),
);

/** The header's profile dropdown for the signed-in user, with the billing items of their plan. */
export function AccountMenuControl() {
  const user = useCurrentUser();
  const profile = useProfile(user?.id ?? '', { enabled: user !== null });
  const config = useBillingConfig();
  const [isContactOpen, setContactOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate out and keep a draft.
  const [hasOpenedContact, setHasOpenedContact] = useState(false);
  if (!user) return null;

  const data = profile.data;
  const items = data
    ? menuItemsFor({
        status: data.subscription_status,
        priceId: data.price_id,
        freePriceId: freePriceIdOf(config.data),
        billingEnabled: config.data?.enabled ?? false,
      })
    : [];
  // No name until the profile says it is a real one: the sign-up placeholder ("Veteran Tango")
  // is not the member's name, and the menu shows the email alone instead.
  const name = data?.has_name ? data.full_name : null;
  const email = data?.email ?? user.email;

  return (
    <>
      <AccountMenu
        name={name}
        email={email}
        avatarUrl={data?.avatar_url ?? user.image}
        billingLinks={billingLinksFor(items)}
        onContact={() => {
          setHasOpenedContact(true);
          setContactOpen(true);
        }}
        onSignOut={() => authClient.signOut()}
      />
      {hasOpenedContact ? (
        // A chunk that fails to load leaves the menu working; the dialog just does not open.
        <NonEssential>
          <ContactDialog
            open={isContactOpen}
            onOpenChange={setContactOpen}
            // Empty rather than the sign-up placeholder: the member types their own name.
            defaultName={name ?? ''}
            defaultEmail={email}
          />
        </NonEssential>
      ) : null}
    </>
  );
}

/** "Upgrade to Support Development" for non-paying members while billing is on. */
export function UpgradeBannerControl() {
  const user = useCurrentUser();
  const profile = useProfile(user?.id ?? '', { enabled: user !== null });
  const config = useBillingConfig();
  const data = profile.data;
  if (!user || !data || !config.data) return null;
  // Only inside the app: someone choosing a plan or fixing a payment does not need the nudge.
  if (!isAllowedStatus(data.subscription_status)) return null;
  const isShown = showUpgradeBanner({
    status: data.subscription_status,
    priceId: data.price_id,
    freePriceId: freePriceIdOf(config.data),
    billingEnabled: config.data.enabled,
  });
  return isShown ? <UpgradeBanner /> : null;
}
