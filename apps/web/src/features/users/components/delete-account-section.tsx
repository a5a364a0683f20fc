import { DELETION_GRACE_DAYS } from '@muster/contract/users';
import { useId, useState } from 'react';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';

import { useRequestDeletion, type DeletionStatus } from '../api/request-deletion';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export type DeleteAccountSectionProps = {
  userId: string;
  /** The server ended every session: sign out here too. */
  onDeleted: (status: DeletionStatus) => void;
};

/** "Delete my account", confirmed in an alert dialog that states the grace period. */
export function DeleteAccountSection({ userId, onDeleted }: DeleteAccountSectionProps) {
  const headingId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const requestDeletion = useRequestDeletion({ userId });

  const handleConfirm = () => {
    requestDeletion.mutate(undefined, {
      onSuccess: (status) => {
        setIsOpen(false);
        const when = status.deletion_scheduled_for
          ? dateFormat.format(new Date(status.deletion_scheduled_for))
          : `in ${DELETION_GRACE_DAYS} days`;
        toastSuccess('Your account is scheduled for deletion', {
          description: `It will be erased on ${when}. Sign in before then to keep it.`,
        });
        onDeleted(status);
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex max-w-prose flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Delete your account
      </h2>
      <p className="text-muted-foreground text-sm">
        Deleting your account signs you out everywhere. Muster keeps your data for{' '}
        {DELETION_GRACE_DAYS} days in case you change your mind, then erases it for good.
      </p>
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="destructive" className="self-start">
            Delete my account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              Your account will be deleted after a {DELETION_GRACE_DAYS}-day grace period. Until
              then, you can sign in again and choose “Keep my account” to cancel. After{' '}
              {DELETION_GRACE_DAYS} days, your profile, claim records and files are erased and
              cannot be recovered. You will be signed out on every device now.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="text-sm">Want a copy first? Use “Export all my data” before you delete.</p>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={requestDeletion.isPending}>Cancel</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              onClick={handleConfirm}
              disabled={requestDeletion.isPending}
            >
              Yes, delete my account
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
