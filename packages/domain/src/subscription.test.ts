import { describe, expect, it } from 'vitest';
import {
  isPaying,
  menuItemsFor,
  nextPendingCheckout,
  planForPrice,
  planLabel,
  showUpgradeBanner,
  subscriptionGate,
} from './subscription.ts';
import {
  QUOTAS,
  quotaPeriod,
  quotaReachedDetail,
  upgradeDialogFor,
  upgradeObjectFor,
  UPGRADE_PLANS,
} from './quotas.ts';

const FREE = 'price_free';

describe('[DOMAIN][GATE]', () => {
  it('[DOMAIN]: the gate table of section 4', () => {
    for (const status of ['trialing', 'active', 'lifetime'])
      expect(subscriptionGate(status, '/vault')).toEqual({ kind: 'allowed' });
    for (const status of ['past_due', 'unpaid', 'paused']) {
      expect(subscriptionGate(status, '/disabilities/1?x=2')).toEqual({
        kind: 'billing-portal',
        returnPath: '/dashboard?from=%2Fdisabilities%2F1%3Fx%3D2',
      });
    }
    for (const status of [
      'canceled',
      'incomplete',
      'incomplete_expired',
      null,
      undefined,
      'weird',
    ]) {
      expect(subscriptionGate(status, '/')).toEqual({ kind: 'sign-up' });
    }
  });

  it('[DOMAIN]: paying, labels, menus and banner', () => {
    const cases = [
      {
        status: 'trialing',
        priceId: 'price_pro',
        paying: true,
        label: 'Pro',
        menu: ['get-lifetime', 'upgrade-to-lifetime', 'billing'],
      },
      { status: 'lifetime', priceId: 'price_life', paying: true, label: 'Lifetime', menu: [] },
      {
        status: 'active',
        priceId: 'price_pro',
        paying: true,
        label: 'Pro',
        menu: ['get-lifetime', 'upgrade-to-lifetime', 'billing'],
      },
      {
        status: 'active',
        priceId: FREE,
        paying: false,
        label: 'Free',
        menu: ['get-lifetime', 'upgrade-to-pro'],
      },
      {
        status: 'past_due',
        priceId: 'price_pro',
        paying: false,
        label: 'Free',
        menu: ['get-lifetime', 'upgrade-to-pro'],
      },
      {
        status: null,
        priceId: null,
        paying: false,
        label: 'Free',
        menu: ['get-lifetime', 'upgrade-to-pro'],
      },
    ] as const;
    for (const c of cases) {
      const input = { status: c.status, priceId: c.priceId, freePriceId: FREE };
      expect(isPaying(input), JSON.stringify(c)).toBe(c.paying);
      expect(planLabel(input)).toBe(c.label);
      expect(menuItemsFor({ ...input, billingEnabled: true })).toEqual(c.menu);
      expect(showUpgradeBanner({ ...input, billingEnabled: true })).toBe(!c.paying);
      expect(showUpgradeBanner({ ...input, billingEnabled: false })).toBe(false);
      expect(menuItemsFor({ ...input, billingEnabled: false })).toEqual([]);
    }
  });

  it('[DOMAIN]: the pending-checkout flag', () => {
    expect(nextPendingCheckout(false, 'opening')).toBe(true);
    expect(nextPendingCheckout(true, 'failed')).toBe(false);
    expect(nextPendingCheckout(true, { status: 'past_due' })).toBe(true);
    expect(nextPendingCheckout(true, { status: 'active' })).toBe(false);
    expect(
      planForPrice('p2', { FREE: 'p1', PRO_MONTHLY: 'p2', PRO_BIANNUALLY: 'p3', LIFETIME: 'p4' }),
    ).toBe('PRO_MONTHLY');
    expect(
      planForPrice('zz', { FREE: 'p1', PRO_MONTHLY: 'p2', PRO_BIANNUALLY: 'p3', LIFETIME: 'p4' }),
    ).toBeNull();
  });
});

describe('[DOMAIN][QUOTAS]', () => {
  it('[DOMAIN]: every plan has a limit and a reason for every feature', () => {
    for (const plan of Object.values(QUOTAS)) {
      for (const rule of Object.values(plan)) expect(rule.reason.length).toBeGreaterThan(10);
    }
    expect(quotaReachedDetail('decision_letters')).toBe('decision letter quota reached');
  });

  it('[DOMAIN]: quota months are UTC calendar months', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59-05:00'))).toEqual({
      start: new Date('2027-01-01T00:00:00Z'),
      resetsAt: new Date('2027-02-01T00:00:00Z'),
    });
  });

  it('[DOMAIN]: features map to upgrade plans and dialogs', () => {
    expect(upgradeObjectFor('nexus_letters')).toBe('nexus');
    expect(upgradeObjectFor('personal_statements')).toBe('personal');
    expect(upgradeObjectFor('buddy_requests')).toBe('buddy');
    expect(upgradeObjectFor('ai_messages')).toBe('chat');
    expect(upgradeObjectFor('vault_storage_mb')).toBe('other');
    expect(Object.values(UPGRADE_PLANS).map((p) => p.button)).toEqual([
      'Upgrade to Nexus Plan',
      'Upgrade to Personal Plan',
      'Upgrade to Buddy Plan',
      'Upgrade Chat Plan',
      'Upgrade Plan',
    ]);
    expect(upgradeDialogFor({ text: 'decision letter quota reached', isPaying: false }).title).toBe(
      'Decision Letter Limit Reached',
    );
    expect(
      upgradeDialogFor({
        text: 'nexus letter quota reached',
        feature: 'nexus_letters',
        isPaying: false,
      }),
    ).toMatchObject({
      kind: 'plan',
      button: 'Upgrade to Nexus Plan',
      text: 'Upgrade now to continue using all features!',
    });
    expect(
      upgradeDialogFor({
        text: 'AI message quota reached',
        feature: 'ai_messages',
        isPaying: true,
      }),
    ).toEqual({
      kind: 'limit-paying',
      title: 'Monthly Limit Reached',
      text: 'We are sorry but you have exceeded your monthly AI usage.',
      button: 'Ok...',
    });
    expect(upgradeDialogFor({ text: "You don't have permission", isPaying: false }).title).toBe(
      'Join Our Veteran Community',
    );
  });
});
