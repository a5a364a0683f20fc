import { z } from 'zod';
import { defineJob } from '@muster/db/jobs';
import { decisionLetters } from '@muster/db/schema/index';
import type { AiProviderConfig } from '#src/config/env.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { analyzeLetter, refundLetter, UnreadableLetter } from '../decision-letters.service.ts';

/** Tries after the first; a letter that cannot be read fails for good after these. */
const RETRIES = 2;

/**
 * Reads one decision letter in the background (text or OCR, then the grammar, then, with a model
 * configured and agreed to, its plain-language explanation); status and progress live on the
 * letter's row. A letter that fails for good gives back its monthly use.
 */
export function analyzeLetterJob(deps: {
  storage: StorageDriver;
  /** The configured outside model, if any: it only writes the explanation. */
  ai: AiProviderConfig | undefined;
}) {
  return defineJob({
    name: 'decision-letters.analyze-letter',
    payloadSchema: z.object({ letter_id: z.uuid(), user_id: z.string().min(1) }),
    retry: { limit: RETRIES, delaySeconds: 30 },
    timeoutSeconds: 15 * 60,
    owner: { table: decisionLetters, id: (payload) => payload.letter_id },
    async handler({ payload, db, progress, attempt, signal }) {
      try {
        await analyzeLetter({
          db,
          storage: deps.storage,
          ai: deps.ai,
          letterId: payload.letter_id,
          progress,
          signal,
        });
      } catch (error) {
        if (error instanceof UnreadableLetter || attempt >= RETRIES) {
          await refundLetter({ db, userId: payload.user_id, letterId: payload.letter_id });
        }
        throw error;
      }
    },
  });
}
