import { z } from 'zod';
import { defineJob } from '@muster/db/jobs';
import { decisionLetters } from '@muster/db/schema/index';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { analyzeLetter, refundLetter, UnreadableLetter } from '../decision-letters.service.ts';

/** Tries after the first; a letter that cannot be read fails for good after these. */
const RETRIES = 2;

/**
 * Reads one decision letter in the background (text or OCR, then the grammar); status and
 * progress live on the letter's row. A letter that fails for good gives back its monthly use.
 */
export function analyzeLetterJob(storage: StorageDriver) {
  return defineJob({
    name: 'decision-letters.analyze-letter',
    payloadSchema: z.object({ letter_id: z.uuid(), user_id: z.string().min(1) }),
    retry: { limit: RETRIES, delaySeconds: 30 },
    timeoutSeconds: 15 * 60,
    owner: { table: decisionLetters, id: (payload) => payload.letter_id },
    async handler({ payload, db, progress, attempt }) {
      try {
        await analyzeLetter({ db, storage, letterId: payload.letter_id, progress });
      } catch (error) {
        if (error instanceof UnreadableLetter || attempt >= RETRIES) {
          await refundLetter({ db, userId: payload.user_id, letterId: payload.letter_id });
        }
        throw error;
      }
    },
  });
}
