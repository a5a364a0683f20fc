import { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import type {
  VaCondition,
  VaConditions,
  VaConditionsWhatIf,
  VaConditionsWhatIfInput,
} from '@muster/contract/va-conditions';
import { VA_AUTH_EXPIRED_DETAIL, VA_UNAVAILABLE_DETAIL } from '@muster/contract/va-integrations';
import type { Db } from '@muster/db/client';
import { calculateCombinedRating, roundToNearestTen } from '@muster/domain/combined-rating';
import { calculateCompensation } from '@muster/domain/compensation';
import { nameForDiagnosticCode } from '@muster/domain/diagnostic-code-names';
import { calculateRatingWhatIf } from '@muster/domain/rating-what-if';
import type { VaConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import type { VaLogger } from '#src/modules/va-integrations/lighthouse-client.ts';
import {
  callLighthouse,
  isVeteranVerificationConnected,
} from '#src/modules/va-integrations/va-integrations.service.ts';
import { createTtlCache, type TtlCache } from './va-rating-cache.ts';

/**
 * The veteran's rated conditions from Lighthouse Veteran Verification (`GET /disability_rating`;
 * nothing is stored in the database), the combined rating and what it pays, and the what-if.
 *
 * VA's answer is kept in memory for a minute per user (`VaRatingsCache`), shared by the page and
 * the what-if, so adding and removing planned conditions does not ask VA each time. Only answers
 * VA gave are kept, never failures.
 *
 * Counting: only a decided (not deferred) rating whose decision says service connected counts
 * toward the combined rating. Conditions VA decided were not service connected are listed but
 * count for nothing. VA's own combined rating is the one shown; when VA gives none, the counted
 * ratings are combined here.
 */

type Options = {
  db: Db;
  va: VaConfig | undefined;
  log: VaLogger;
  userId: string;
  now?: Date;
  /** VA's recent answers by user id; without it VA is asked every time. */
  ratingsCache?: VaRatingsCache;
};

const date = z.string().max(40).nullish();
/** One of VA's individual ratings (v2 adds the diagnostic fields and an id to v1's three). */
const vaRatingSchema = z.object({
  decision: z.string().max(200).nullish(),
  effective_date: date,
  rating_percentage: z.number().min(0).max(100).nullish(),
  disability_rating_id: z.union([z.string().max(64), z.number()]).nullish(),
  diagnostic_type_code: z.union([z.string().max(16), z.number()]).nullish(),
  diagnostic_type_name: z.string().max(500).nullish(),
  diagnostic_text: z.string().max(500).nullish(),
});
type VaRating = z.infer<typeof vaRatingSchema>;

const vaAnswerSchema = z.object({
  data: z.object({
    attributes: z.object({
      combined_disability_rating: z.number().int().min(0).max(100).nullish(),
      combined_effective_date: date,
      individual_ratings: z.array(vaRatingSchema).max(500).nullish(),
    }),
  }),
});

/** `YYYY-MM-DD` of VA's date or date-time; null when VA gives nothing usable. */
function dayOf(value: string | null | undefined): string | null {
  const day = value?.trim().slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

const normalised = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/** VA's decision says service connected (including a grant under 38 U.S.C. 1151). */
function isServiceConnected(decision: string | null | undefined): boolean {
  const text = normalised(decision);
  if (text.startsWith('not ') || text.includes('denied')) return false;
  return text === 'service connected' || text === '1151 granted';
}

/** VA has not decided it yet: its decision says deferred, or it carries no percentage. */
function isDeferred(rating: VaRating): boolean {
  return normalised(rating.decision).includes('defer') || rating.rating_percentage == null;
}

function nameOf(rating: VaRating, code: string | null): string {
  const vaName = rating.diagnostic_type_name?.trim() || rating.diagnostic_text?.trim();
  if (vaName) return vaName;
  if (code) return nameForDiagnosticCode(code);
  return 'Unnamed condition';
}

function toConditions(ratings: VaRating[]): VaCondition[] {
  const seen = new Map<string, number>();
  return ratings.map((rating) => {
    const code =
      rating.diagnostic_type_code == null
        ? null
        : String(rating.diagnostic_type_code).trim() || null;
    const effectiveDate = dayOf(rating.effective_date);
    // VA's id when it gives one; else the code and date, numbered when they repeat, so an id
    // stays the same from one answer to the next.
    let id = rating.disability_rating_id == null ? '' : String(rating.disability_rating_id);
    if (!id) {
      const base = `dc-${code ?? 'none'}-${effectiveDate ?? 'undated'}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      id = count === 1 ? base : `${base}-${count}`;
    }
    const deferred = isDeferred(rating);
    return {
      id,
      name: nameOf(rating, code),
      rating: rating.rating_percentage == null ? null : Math.round(rating.rating_percentage),
      effective_date: effectiveDate,
      status: deferred ? 'deferred' : 'active',
      service_connected: isServiceConnected(rating.decision),
      diagnostic_code: code,
    };
  });
}

/** The ratings that count toward the combined rating. */
function countedRatings(conditions: VaCondition[]): number[] {
  return conditions.flatMap((condition) =>
    condition.service_connected && condition.status === 'active' && condition.rating !== null
      ? [condition.rating]
      : [],
  );
}

const todayOf = (now: Date | undefined) => (now ?? new Date()).toISOString().slice(0, 10);

export type VaRatings = {
  combined: number | null;
  effectiveDate: string | null;
  conditions: VaCondition[];
};

export type VaRatingsCache = TtlCache<VaRatings>;

/** How long VA's answer is reused, and how many users' answers are held at most. */
export const VA_RATINGS_CACHE_TTL_MS = 60_000;
export const VA_RATINGS_CACHE_MAX_ENTRIES = 1_000;

export function createVaRatingsCache(now?: () => number): VaRatingsCache {
  return createTtlCache<VaRatings>({
    ttlMs: VA_RATINGS_CACHE_TTL_MS,
    maxEntries: VA_RATINGS_CACHE_MAX_ENTRIES,
    ...(now ? { now } : {}),
  });
}

/** VA's answer from the last minute when there is one, otherwise VA is asked and it is kept. */
async function ratingsOf(options: Options): Promise<VaRatings> {
  const cached = options.ratingsCache?.get(options.userId);
  if (cached) return cached;
  const ratings = await fetchRatings(options);
  options.ratingsCache?.set(options.userId, ratings);
  return ratings;
}

/**
 * VA's ratings for a connected veteran, or null when VA refused the connection's sign-in: the
 * connection has then been forgotten (by `callLighthouse`), so the veteran is simply not connected
 * any more and is offered to connect again rather than shown an error.
 */
async function ratingsOrExpired(options: Options): Promise<VaRatings | null> {
  try {
    return await ratingsOf(options);
  } catch (error) {
    if (error instanceof AppError && error.detail === VA_AUTH_EXPIRED_DETAIL) {
      options.ratingsCache?.delete(options.userId);
      return null;
    }
    throw error;
  }
}

async function fetchRatings(options: Options): Promise<VaRatings> {
  const answer = await callLighthouse({
    ...options,
    service: 'veteran-verification',
    method: 'GET',
    path: '/disability_rating',
  });
  const parsed = vaAnswerSchema.safeParse(answer.body);
  if (!parsed.success) {
    options.log.warn(
      { service: 'veteran-verification' },
      'VA answered a disability rating we cannot read',
    );
    throw new AppError(ERR.BAD_GATEWAY, { detail: VA_UNAVAILABLE_DETAIL });
  }
  const attributes = parsed.data.data.attributes;
  const conditions = toConditions(attributes.individual_ratings ?? []);
  const vaCombined = attributes.combined_disability_rating;
  const combined =
    vaCombined == null
      ? conditions.length === 0
        ? null
        : calculateCombinedRating({
            ratings: countedRatings(conditions).map((percent) => ({ percent })),
          }).combined
      : roundToNearestTen(vaCombined);
  return {
    combined,
    effectiveDate: dayOf(attributes.combined_effective_date),
    conditions,
  };
}

type Connection = { configured: boolean; connected: boolean };

async function connectionOf(options: Options): Promise<Connection> {
  if (!options.va) return { configured: false, connected: false };
  const connected = await isVeteranVerificationConnected(options);
  // A veteran who disconnected may connect again as someone else: nothing of before is reused.
  if (!connected) options.ratingsCache?.delete(options.userId);
  return { configured: true, connected };
}

/**
 * What VA has rated. A server without VA.gov, or a veteran not connected (including one whose
 * VA.gov sign-in VA has just refused), gets the flags false and no data.
 */
export async function getVaConditions(options: Options): Promise<VaConditions> {
  const connection = await connectionOf(options);
  const empty: VaConditions = {
    va_configured: connection.configured,
    va_connected: connection.connected,
    combined_rating: null,
    combined_effective_date: null,
    conditions: [],
    monthly_amount: null,
    rates_year: null,
  };
  if (!connection.connected) return empty;
  const ratings = await ratingsOrExpired(options);
  if (!ratings) return { ...empty, va_connected: false };
  if (ratings.combined === null) return { ...empty, conditions: ratings.conditions };
  const pay = calculateCompensation({
    input: { rating: ratings.combined },
    today: todayOf(options.now),
  });
  return {
    ...empty,
    combined_rating: ratings.combined,
    combined_effective_date: ratings.effectiveDate,
    conditions: ratings.conditions,
    monthly_amount: pay.monthly,
    rates_year: pay.year,
  };
}

/**
 * VA's counted ratings (when connected) plus the planned ones. A refused VA.gov sign-in counts as
 * not connected, as on the page.
 */
export async function getVaConditionsWhatIf(
  options: Options & { input: VaConditionsWhatIfInput },
): Promise<VaConditionsWhatIf> {
  const found = await connectionOf(options);
  const ratings = found.connected ? await ratingsOrExpired(options) : null;
  const connection = { ...found, connected: ratings !== null };
  const result = calculateRatingWhatIf({
    current: ratings ? countedRatings(ratings.conditions) : [],
    vaCombined: ratings?.combined ?? null,
    planned: options.input.planned.map((planned) => planned.rating),
    dependents: options.input.dependents,
    today: todayOf(options.now),
  });
  return { va_configured: connection.configured, va_connected: connection.connected, ...result };
}
