import type { QuotaFeature } from './billing.ts';
import type { PlanId } from './plans.ts';

export type QuotaRule = { limit: number | null; reason: string };

/**
 * Monthly limits per plan (calendar months in UTC); `null` = no limit. Each number has its reason,
 * so changing one is a decision, not a guess.
 */
export const QUOTAS: Record<PlanId, Record<QuotaFeature, QuotaRule>> = {
  FREE: {
    decision_letters: {
      limit: 1,
      reason: 'One explained letter shows the value; most veterans get one letter at a time.',
    },
    ai_messages: {
      limit: 30,
      reason:
        'About one short conversation a day: enough to try the assistant, bounded model cost.',
    },
    personal_statements: {
      limit: 1,
      reason: 'One full statement lets a veteran finish a single-condition claim for free.',
    },
    nexus_letters: {
      limit: 0,
      reason: 'Nexus drafts are the most model-intensive feature; Pro only.',
    },
    buddy_requests: { limit: 2, reason: 'Two lay witnesses cover a typical single claim.' },
    vault_storage_mb: { limit: 500, reason: 'One full C-file (up to 500 MB) fits.' },
  },
  PRO_MONTHLY: {
    decision_letters: {
      limit: 10,
      reason: 'Covers a veteran with many decisions plus re-checks after appeals.',
    },
    ai_messages: {
      limit: 1000,
      reason: 'Heavy daily use (~30/day) stays well inside the model budget per subscriber.',
    },
    personal_statements: {
      limit: 20,
      reason: 'A statement per condition for large multi-condition claims, with revisions.',
    },
    nexus_letters: { limit: 10, reason: 'One draft per claimed condition, with revisions.' },
    buddy_requests: { limit: 20, reason: 'Several witnesses for each of several conditions.' },
    vault_storage_mb: {
      limit: 10_240,
      reason:
        '10 GB: a full C-file, service treatment records and private records, several times over.',
    },
  },
  PRO_BIANNUALLY: {
    decision_letters: {
      limit: 10,
      reason: 'Same monthly allowance as Pro Monthly; only billing differs.',
    },
    ai_messages: { limit: 1000, reason: 'Same monthly allowance as Pro Monthly.' },
    personal_statements: { limit: 20, reason: 'Same monthly allowance as Pro Monthly.' },
    nexus_letters: { limit: 10, reason: 'Same monthly allowance as Pro Monthly.' },
    buddy_requests: { limit: 20, reason: 'Same monthly allowance as Pro Monthly.' },
    vault_storage_mb: { limit: 10_240, reason: 'Same allowance as Pro Monthly.' },
  },
  LIFETIME: {
    decision_letters: {
      limit: 20,
      reason: 'Lifetime members often support family members’ claims too.',
    },
    ai_messages: {
      limit: 2000,
      reason: 'Twice Pro: lifetime members are the heaviest users; still a cost ceiling.',
    },
    personal_statements: {
      limit: 40,
      reason: 'Twice Pro: lifetime members claim and appeal over many years.',
    },
    nexus_letters: {
      limit: 20,
      reason: 'Twice Pro: lifetime members claim and appeal over many years.',
    },
    buddy_requests: {
      limit: 40,
      reason: 'Twice Pro: lifetime members claim and appeal over many years.',
    },
    vault_storage_mb: {
      limit: 25_600,
      reason: '25 GB of records for a lifetime of claims and appeals.',
    },
  },
};
