import type { QuotaFeature } from '@muster/contract/billing';
import { QUOTAS, type QuotaRule } from '@muster/contract/quotas';

export { QUOTAS, type QuotaRule };

export const FEATURE_NAMES: Record<QuotaFeature, string> = {
  decision_letters: 'decision letter',
  ai_messages: 'AI message',
  personal_statements: 'personal statement',
  nexus_letters: 'nexus letter',
  buddy_requests: 'buddy statement request',
  vault_storage_mb: 'vault storage',
};

/** The `detail` of a quota answer: "<feature> quota reached". */
export function quotaReachedDetail(feature: QuotaFeature): string {
  return `${FEATURE_NAMES[feature]} quota reached`;
}

/** The current quota month (UTC): its first instant and the first instant of the next. */
export function quotaPeriod(now: Date): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

/** The plan an upgrade dialog offers, by feature; "other" covers the rest. */
export type UpgradeObject = 'nexus' | 'personal' | 'buddy' | 'chat' | 'other';

export function upgradeObjectFor(feature: QuotaFeature): UpgradeObject {
  switch (feature) {
    case 'nexus_letters':
      return 'nexus';
    case 'personal_statements':
      return 'personal';
    case 'buddy_requests':
      return 'buddy';
    case 'ai_messages':
      return 'chat';
    default:
      return 'other';
  }
}

export const UPGRADE_PLANS: Record<
  UpgradeObject,
  { title: string; description: string; button: string }
> = {
  nexus: {
    title: 'Nexus Letter Limit Reached',
    description:
      'You have used this month’s nexus letter drafts. Pro includes a draft for every condition you claim.',
    button: 'Upgrade to Nexus Plan',
  },
  personal: {
    title: 'Personal Statement Limit Reached',
    description:
      'You have used this month’s personal statements. Pro lets you write one for each condition, with revisions.',
    button: 'Upgrade to Personal Plan',
  },
  buddy: {
    title: 'Buddy Statement Limit Reached',
    description:
      'You have sent this month’s buddy statement requests. Pro lets you ask every witness who can help.',
    button: 'Upgrade to Buddy Plan',
  },
  chat: {
    title: 'AI Message Limit Reached',
    description:
      'You have used this month’s AI messages. Pro gives you room to ask everything your claim needs.',
    button: 'Upgrade Chat Plan',
  },
  other: {
    title: 'Monthly Limit Reached',
    description: 'You have reached this month’s limit for this feature. Upgrade to keep going.',
    button: 'Upgrade Plan',
  },
};

export type UpgradeDialogContent =
  | { kind: 'limit-paying'; title: 'Monthly Limit Reached'; text: string; button: 'Ok...' }
  | {
      kind: 'decision-letter';
      title: 'Decision Letter Limit Reached';
      text: string;
      button: string;
    }
  | {
      kind: 'plan';
      object: UpgradeObject;
      title: string;
      description: string;
      text: string;
      button: string;
    }
  | { kind: 'community'; title: 'Join Our Veteran Community'; text: string; button: string };

const UPGRADE_NOW = 'Upgrade now to continue using all features!';

/**
 * Which upgrade dialog a 403 opens: quota answers open the plan's dialog (decision
 * letters have their own title); paying users get "Monthly Limit Reached"; other permission-style
 * 403s ask the user to join.
 */
export function upgradeDialogFor(options: {
  text: string;
  feature?: QuotaFeature | undefined;
  isPaying: boolean;
}): UpgradeDialogContent {
  const lower = options.text.toLowerCase();
  const isQuota = lower.includes('quota reached') || lower.includes('limit exceeded');
  if (isQuota && options.isPaying) {
    return {
      kind: 'limit-paying',
      title: 'Monthly Limit Reached',
      text: 'We are sorry but you have exceeded your monthly AI usage.',
      button: 'Ok...',
    };
  }
  if (isQuota && (lower.includes('decision letter') || options.feature === 'decision_letters')) {
    return {
      kind: 'decision-letter',
      title: 'Decision Letter Limit Reached',
      text: 'You have reached your monthly decision letter analysis limit. Upgrade now to continue using all features!',
      button: 'Upgrade Plan',
    };
  }
  if (isQuota) {
    const object = options.feature ? upgradeObjectFor(options.feature) : 'other';
    const plan = UPGRADE_PLANS[object];
    return {
      kind: 'plan',
      object,
      title: plan.title,
      description: plan.description,
      text: UPGRADE_NOW,
      button: plan.button,
    };
  }
  return {
    kind: 'community',
    title: 'Join Our Veteran Community',
    text: 'Upgrade your plan to unlock this feature and support a tool built by veterans for veterans.',
    button: 'Upgrade Plan',
  };
}
