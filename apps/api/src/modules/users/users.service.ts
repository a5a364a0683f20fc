import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import { ERR } from '@muster/contract/errors';
import {
  DELETION_GRACE_DAYS,
  type SubscriptionStatus,
  type UpdateUserProfileInput,
  type UserProfile,
} from '@muster/contract/users';
import { UnknownBranchError, normaliseBranch } from '@muster/domain/branches';
import { isPlaceholderName, profileLastName } from '@muster/domain/names';
import type { Db } from '@muster/db/client';
import type { JobQueue } from '@muster/db/jobs';
import { AppError } from '#src/lib/errors.ts';
import { assertOwner } from '#src/lib/owner.ts';
import { findSubscriptionRow } from '#src/modules/billing/billing.service.ts';
import { listUsageRows } from '#src/modules/quotas/quotas.service.ts';
import { listReadyFiles } from '#src/modules/storage/storage.service.ts';
import { exportMessages } from '#src/modules/chat/chat.service.ts';
import { exportCfiles } from '#src/modules/cfiles/cfiles.service.ts';
import { exportLetters } from '#src/modules/decision-letters/decision-letters.service.ts';
import { exportLaymanStatements } from '#src/modules/layman-statements/layman-statements.service.ts';
import { exportClaims } from '#src/modules/claims/claims.service.ts';
import { exportIntentToFiles } from '#src/modules/intent-to-file/intent-to-file.service.ts';
import { exportDeadlines } from '#src/modules/deadlines/deadlines.service.ts';
import { exportSubmissions } from '#src/modules/va-forms/va-526-submit.service.ts';
import { exportDocuments } from '#src/modules/documents/documents.service.ts';
import { listAllThreads } from '#src/modules/threads/threads.service.ts';
import { exportVeterans } from '#src/modules/veterans/veterans.service.ts';
import { exportDisabilities } from '#src/modules/disabilities/disabilities.service.ts';
import { exportStatements } from '#src/modules/personal-statements/personal-statements.service.ts';
import { exportNexusLetters } from '#src/modules/nexus-letters/nexus-letters.service.ts';
import { exportProviderRequests } from '#src/modules/nexus-letters/provider-requests.service.ts';
import { exportVso } from '#src/modules/vso/vso.service.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import type { eraseAccountJob } from './jobs/erase-account.job.ts';
import * as repository from './users.repository.ts';

type Owner = { db: Db; requesterId: string; userId: string };

async function loadProfileRows(options: Owner) {
  const row = await repository.findProfileRows(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

/**
 * A picture address is served only when it is a plain https URL (as Google and Discord give):
 * anything else (`javascript:`, `data:`, http) could run or leak in the app that shows it.
 */
export function httpsUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function getUserProfile(options: Owner): Promise<UserProfile> {
  assertOwner(options);
  const [{ profile, image }, subscription] = await Promise.all([
    loadProfileRows(options),
    findSubscriptionRow(options),
  ]);
  const lastName = profileLastName(profile.lastName);
  return {
    id: profile.id,
    email: profile.email,
    first_name: profile.firstName,
    last_name: lastName,
    full_name: `${profile.firstName} ${lastName}`,
    has_name: !isPlaceholderName(profile.firstName, profile.lastName),
    avatar_url: httpsUrlOrNull(image),
    is_deleted: profile.isDeleted,
    deletion_scheduled_for: profile.deletionScheduledFor?.toISOString() ?? null,
    subscription_status: (subscription?.status ?? null) as SubscriptionStatus | null,
    price_id: subscription?.priceId ?? null,
    plan: subscription?.plan ?? null,
    is_va_authenticated: profile.isVaAuthenticated,
    theme_enabled: profile.themeEnabled,
    selected_theme_branch: profile.selectedThemeBranch,
    served_branches: profile.servedBranches,
    created_at: profile.createdAt.toISOString(),
  };
}

export async function updateUserProfile(
  options: Owner & { input: UpdateUserProfileInput },
): Promise<UserProfile> {
  assertOwner(options);
  const { input } = options;
  let servedBranches: { branch: string }[] | undefined;
  if (input.served_branches) {
    try {
      const names = input.served_branches.map((b) => normaliseBranch(b.branch));
      servedBranches = [...new Set(names)].map((branch) => ({ branch }));
    } catch (error) {
      if (error instanceof UnknownBranchError) {
        throw new AppError(ERR.INVALID_INPUT, { fields: { served_branches: error.message } });
      }
      throw error;
    }
  }
  // One transaction: the profile and the sign-in name change together or not at all.
  const updated = await repository.updateProfile({
    db: options.db,
    userId: options.userId,
    firstName: input.first_name,
    lastName: input.last_name,
    servedBranches,
  });
  if (!updated) throw new AppError(ERR.NOT_FOUND);
  return getUserProfile(options);
}

type EraseJob = ReturnType<typeof eraseAccountJob>;

/**
 * Marks the account deleted, ends every session and schedules erasure after the grace period.
 * Signing in again during the grace period shows the profile as deleted, with an offer to undo.
 */
export async function requestDeletion(
  options: Owner & { jobs: JobQueue | undefined; eraseJob: EraseJob },
) {
  assertOwner(options);
  if (!options.jobs)
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: 'Background jobs are not running' });
  const { profile } = await loadProfileRows(options);
  if (profile.isDeleted && profile.deletionScheduledFor) {
    return { is_deleted: true, deletion_scheduled_for: profile.deletionScheduledFor.toISOString() };
  }
  const scheduledFor = new Date(Date.now() + DELETION_GRACE_DAYS * 24 * 3600 * 1000);
  const jobId = await options.jobs.enqueue(
    options.eraseJob,
    { user_id: options.userId },
    { startAfterSeconds: DELETION_GRACE_DAYS * 24 * 3600 },
  );
  await repository.markDeletionRequested({
    db: options.db,
    userId: options.userId,
    scheduledFor,
    jobId,
  });
  return { is_deleted: true, deletion_scheduled_for: scheduledFor.toISOString() };
}

export async function cancelDeletion(
  options: Owner & { jobs: JobQueue | undefined; eraseJob: EraseJob },
) {
  assertOwner(options);
  const { profile } = await loadProfileRows(options);
  if (!profile.isDeleted) return { is_deleted: false, deletion_scheduled_for: null };
  if (profile.deletionJobId && options.jobs) {
    await options.jobs
      .cancel(options.eraseJob, profile.deletionJobId, { user_id: options.userId })
      .catch(() => undefined);
  }
  // Even if the job could not be canceled, it does nothing for an account that is not deleted.
  await repository.clearDeletion(options);
  return { is_deleted: false, deletion_scheduled_for: null };
}

/**
 * "Export all my data": a zip with the profile, subscription, usage, threads and their messages, veteran records,
 * disabilities (with their wizard answers and records), personal statements (every kept version)
 * and file list as JSON, and every stored
 * file. Streamed, so large vaults never sit in memory. Works whatever the plan status.
 */
export async function exportAccount(
  options: Owner & { storage: StorageDriver },
): Promise<Readable> {
  const profile = await getUserProfile(options);
  // Each module answers for its own data.
  const owner = { db: options.db, userId: options.userId };
  const subscription = await findSubscriptionRow(owner);
  const usage = await listUsageRows(owner);
  const stored = await listReadyFiles({ db: options.db, ownerId: options.userId });
  const ownThreads = await listAllThreads(owner);
  const ownMessages = await exportMessages(owner);
  const ownDocuments = await exportDocuments(owner);
  const ownLetters = await exportLetters(owner);
  const ownLaymanStatements = await exportLaymanStatements(owner);
  const ownVeterans = await exportVeterans(owner);
  const ownDisabilities = await exportDisabilities(owner);
  const ownStatements = await exportStatements(owner);
  const ownClaims = await exportClaims(owner);
  const zip = new yazl.ZipFile();
  const json = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name);
  json('profile.json', profile);
  json('subscription.json', subscription ?? null);
  json('usage.json', usage);
  json(
    'files.json',
    stored.map((f) => ({
      id: f.id,
      kind: f.kind,
      filename: f.filename,
      content_type: f.contentType,
      size: f.size,
      created_at: f.createdAt.toISOString(),
    })),
  );
  json(
    'threads.json',
    ownThreads.map((t) => ({
      id: t.id,
      title: t.title,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    })),
  );
  // Decision letters: the text read from each and what it decided.
  json('decision-letters.json', ownLetters);
  // C-files: each one's status and the medications and conditions found, with their pages (the
  // PDF itself is under files/; the text of every page is not repeated here).
  json('cfiles.json', await exportCfiles(owner));
  // Lay statements asked of others: who, what they saw, and what they submitted and signed.
  json('layman-statements.json', ownLaymanStatements);
  // The vault: each document's name and VA type, and the file it is (under files/).
  json('documents.json', ownDocuments);
  // Chat messages, the veteran's and the assistant's, oldest first.
  json('messages.json', ownMessages);
  // Veteran records in full: the SSN and VA file number are the owner's own, so not masked here.
  json('veterans.json', ownVeterans);
  // Disabilities with every answer and record under them, decrypted: the owner's own words.
  json('disabilities.json', ownDisabilities);
  // Personal statements with every kept version.
  json('personal-statements.json', ownStatements);
  // Nexus letters: each one's details, the facts against the claim, and its text.
  json('nexus-letters.json', await exportNexusLetters(owner));
  // The providers each letter was sent to for signing, and whether the signed copy came back.
  json('nexus-provider-requests.json', await exportProviderRequests(owner));
  // Claims: each one's name, status, veteran record and disabilities in order.
  json('claims.json', ownClaims);
  // Intents to file as VA last reported them (VA's ids and dates; the VA.gov tokens are never exported).
  json('intent-to-file.json', await exportIntentToFiles(owner));
  // Board appeals recorded, reminder settings (time zone, kinds off) and the reminders sent.
  json('deadlines.json', await exportDeadlines(owner));
  // 21-526EZ submissions sent to VA: VA's claim ids, status and the body sent (no VA.gov tokens).
  json('va-526-submissions.json', await exportSubmissions(owner));
  // The representative recorded, the links shared with them (never their tokens) and each opening.
  json('vso.json', await exportVso(owner));
  json('README.json', {
    exported_at: new Date().toISOString(),
    note: 'Your Muster data. Files are under files/<id>-<name>. Muster is not affiliated with VA.',
  });
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  void (async () => {
    try {
      for (const file of stored) {
        // eslint-disable-next-line no-control-regex -- control characters are what is replaced
        const safeName = file.filename.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_');
        zip.addReadStream(
          await options.storage.openRead(file.storageKey),
          `files/${file.id}-${safeName}`,
        );
      }
      zip.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
