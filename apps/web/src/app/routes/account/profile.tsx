import { useId } from 'react';

import { PageHeader } from '@/components/layouts/page-header';
import { useBillingConfig } from '@/features/billing/api/get-billing-config';
import { PlanUsage } from '@/features/billing/components/plan-usage';
import { AiSettingsSection } from '@/features/chat/components/ai-settings-section';
import { BoardAppealsSection } from '@/features/deadlines/components/board-appeals-section';
import { ReminderSettingsSection } from '@/features/deadlines/components/reminder-settings-section';
import { DeleteAccountSection } from '@/features/users/components/delete-account-section';
import { ExportDataButton } from '@/features/users/components/export-data-button';
import { VaAccountSection } from '@/features/va-forms/components/va-account-section';
import { ProfileForm } from '@/features/users/components/profile-form';
import { authClient } from '@/lib/auth-client';
import { toastSuccess } from '@/lib/toast';

import { useAccount } from '../../shell/use-account';

/**
 * `/profile` (Account): details, plan and usage, the AI assistant's setting, the VA.gov connection,
 * data export, deletion.
 */
export function ProfileRoute() {
  const { profile } = useAccount();
  const billingConfig = useBillingConfig();
  const detailsId = useId();
  const dataId = useId();

  return (
    <div className="flex flex-col gap-10">
      <PageHeader title="Account" description="Your details, your plan and your data." />

      <section aria-labelledby={detailsId} className="flex flex-col gap-4">
        <h2 id={detailsId} className="text-xl font-semibold">
          Your details
        </h2>
        <p>
          <span className="text-muted-foreground">Email:</span>{' '}
          <span className="break-all">{profile.email}</span>
        </p>
        <ProfileForm
          profile={profile}
          submitLabel="Save changes"
          onSaved={() => toastSuccess('Your profile is saved')}
        />
      </section>

      <PlanUsage profile={profile} config={billingConfig.data} />

      <AiSettingsSection />

      <VaAccountSection />

      <ReminderSettingsSection />

      <BoardAppealsSection />

      <section aria-labelledby={dataId} className="flex max-w-prose flex-col gap-3">
        <h2 id={dataId} className="text-xl font-semibold">
          Your data
        </h2>
        <p className="text-muted-foreground text-sm">
          Download everything you keep in Muster (your profile, claim records and files) as one zip
          file. This works on every plan, whatever your subscription says.
        </p>
        <div>
          <ExportDataButton userId={profile.id} />
        </div>
      </section>

      <DeleteAccountSection
        userId={profile.id}
        // Every session of the account already ended on the server.
        onDeleted={() => authClient.signOut({ skipServer: true })}
      />
    </div>
  );
}
