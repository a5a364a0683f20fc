import type {
  CombinedRatingInput,
  CombinedRatingResult,
  CompensationInput,
  CompensationResult,
} from '@muster/contract/calculator';
import { ERR } from '@muster/contract/errors';
import { calculateCombinedRating } from '@muster/domain/combined-rating';
import { RatesUnavailableError, calculateCompensation } from '@muster/domain/compensation';
import { AppError } from '#src/lib/errors.ts';

/** Combined rating with its steps (38 CFR 4.25 / 4.26). Pure: nothing is stored. */
export function getCombinedRating(options: { input: CombinedRatingInput }): CombinedRatingResult {
  return calculateCombinedRating({ ratings: options.input.ratings });
}

/**
 * Monthly compensation from the rate tables. Without a date, the rates in effect today (UTC). A
 * date the tables do not cover is the caller's input error: 400 / 2001 naming the covered range.
 */
export function getCompensation(options: {
  input: CompensationInput;
  now?: Date;
}): CompensationResult {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  try {
    return calculateCompensation({ input: options.input, today });
  } catch (error) {
    if (error instanceof RatesUnavailableError) {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: error.message,
        ...(options.input.date === undefined ? {} : { fields: { date: error.message } }),
        cause: error,
      });
    }
    throw error;
  }
}
