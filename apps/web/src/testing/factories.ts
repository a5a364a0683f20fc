import type { AuthUser } from '@muster/contract/auth';
import { authUserSchema } from '@muster/contract/auth';
import {
  billingConfigSchema,
  usageSchema,
  type BillingConfig,
  type Usage,
} from '@muster/contract/billing';
import { disabilitySchema, type Disability } from '@muster/contract/disabilities';
import { userProfileSchema, type UserProfile } from '@muster/contract/users';
import { veteranSchema, type Veteran } from '@muster/contract/veterans';

/** Test data built through the contract schemas, so it is always a valid answer. */

export const PRICES = {
  FREE: 'price_free',
  PRO_MONTHLY: 'price_pro_monthly',
  PRO_BIANNUALLY: 'price_pro_biannually',
  LIFETIME: 'price_lifetime',
} as const;

export function buildAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return authUserSchema.parse({
    id: 'user-1',
    email: 'jane@example.com',
    name: 'Jane Doe',
    image: null,
    emailVerified: true,
    isAnonymous: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfileSchema.parse({
    id: 'user-1',
    email: 'jane@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    full_name: 'Jane Doe',
    has_name: true,
    avatar_url: null,
    is_deleted: false,
    deletion_scheduled_for: null,
    subscription_status: 'active',
    price_id: PRICES.FREE,
    plan: 'FREE',
    is_va_authenticated: { benefit_claims: false, veteran_verification: false },
    theme_enabled: false,
    selected_theme_branch: null,
    served_branches: [],
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export function buildBillingConfig(overrides: Partial<BillingConfig> = {}): BillingConfig {
  return billingConfigSchema.parse({ enabled: true, prices: { ...PRICES }, ...overrides });
}

export function buildUsage(overrides: Partial<Usage> = {}): Usage {
  return usageSchema.parse({
    plan: 'FREE',
    period_start: '2026-11-01T00:00:00.000Z',
    resets_at: '2026-12-01T00:00:00.000Z',
    quotas: [
      { feature: 'decision_letters', used: 1, limit: 1, resets_at: '2026-12-01T00:00:00.000Z' },
      { feature: 'ai_messages', used: 12, limit: 30, resets_at: '2026-12-01T00:00:00.000Z' },
    ],
    ...overrides,
  });
}

/** better-auth's `get-session` answer for a user. */
export function buildSessionAnswer(
  user: AuthUser = buildAuthUser(),
  options: { token?: string; expiresAt?: string } = {},
) {
  return {
    session: {
      id: 'session-1',
      token: options.token ?? 'token-1',
      userId: user.id,
      expiresAt: options.expiresAt ?? '2030-01-01T00:00:00.000Z',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    },
    user,
  };
}

/** A veteran record as the API answers it (numbers masked), with only the names filled. */
export function buildVeteran(overrides: Partial<Veteran> = {}): Veteran {
  return veteranSchema.parse({
    id: '0b8a6c1e-1d2f-4a3b-8c4d-5e6f7a8b9c01',
    is_primary: true,
    first_name: 'Rosa',
    middle_name: null,
    last_name: 'Diaz',
    ssn: null,
    va_file_number: null,
    date_of_birth: null,
    address: null,
    phone: null,
    email: null,
    branches: [],
    service_periods: [],
    deployments: [],
    notes: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

/** A disability as the API answers it, with only the title filled. */
export function buildDisability(overrides: Partial<Disability> = {}): Disability {
  return disabilitySchema.parse({
    id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01',
    title: 'Tinnitus',
    diagnostic_code: null,
    classification_code: null,
    side_of_body: null,
    diagnosis: null,
    claim_type: null,
    veteran_id: null,
    percent: null,
    wizard_step: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}
