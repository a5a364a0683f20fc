import type { UserProfile } from '@muster/contract/users';
import { DELETION_GRACE_DAYS } from '@muster/contract/users';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';

import { useCancelDeletion } from '../api/cancel-deletion';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export type DeletionUndoOfferProps = {
  profile: Pick<UserProfile, 'id' | 'deletion_scheduled_for'>;
  /** Declining signs out: a profile flagged deleted does not stay signed in. */
  onSignOut: () => void;
};

/**
 * Signing in during the grace period after a deletion request: keep the account, or sign out.
 */
export function DeletionUndoOffer({ profile, onSignOut }: DeletionUndoOfferProps) {
  const cancelDeletion = useCancelDeletion({ userId: profile.id });
  const scheduledFor = profile.deletion_scheduled_for
    ? dateFormat.format(new Date(profile.deletion_scheduled_for))
    : null;

  const handleKeep = () => {
    cancelDeletion.mutate(undefined, {
      onSuccess: () =>
        toastSuccess('Welcome back', { description: 'Your account will not be deleted.' }),
    });
  };

  return (
    <section className="flex max-w-prose flex-col gap-4">
      <PageHeader
        title="Your account is scheduled for deletion"
        description={
          scheduledFor
            ? `You asked us to delete your account. Muster will erase it and everything in it on ${scheduledFor}.`
            : `You asked us to delete your account. Muster erases it ${DELETION_GRACE_DAYS} days after the request.`
        }
      />
      <p>Until then, you can keep your account: nothing has been erased yet.</p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={handleKeep} disabled={cancelDeletion.isPending}>
          Keep my account
        </Button>
        <Button type="button" variant="outline" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </section>
  );
}
