import type { PageQuery } from '@muster/contract/common';
import { z } from 'zod';
import {
  decisionLetterSchema,
  letterDecisionSchema,
  type CreateDecisionLetterInput,
  type DecisionLetter,
  type DecisionLetterSummary,
} from '@muster/contract/decision-letters';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import { PermanentJobError, type JobDefinition, type JobQueue } from '@muster/db/jobs';
import type { DecisionLetterRow } from '@muster/db/schema/index';
import { missingFor, reasonsFor } from '@muster/domain/decision-letters/explain';
import { nextLevelFor } from '@muster/domain/decision-letters/next-level';
import { parseDecisionLetter } from '@muster/domain/decision-letters/parser';
import type { AiProviderConfig } from '#src/config/env.ts';
import { AppError } from '#src/lib/errors.ts';
import { createOcr, extractPages } from '#src/lib/pdf-text/extract-pages.ts';
import { explainLetter } from '#src/modules/ai/explain-letter.ts';
import { consumeQuota, refundQuota } from '#src/modules/quotas/quotas.service.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { deleteFile, getFile, readStoredFile } from '#src/modules/storage/storage.service.ts';
import * as repository from './decision-letters.repository.ts';

type Owner = { db: Db; userId: string };
/**
 * The reading as stored (encrypted) on the letter's row. What can be derived again at read time
 * (each decision's next higher level) is not stored, so it follows the rating schedule as it is now.
 */
const storedReadingSchema = decisionLetterSchema
  .pick({
    letter_date: true,
    combined_rating: true,
    monthly_amount: true,
    evidence: true,
    deadlines: true,
  })
  .extend({
    decisions: z.array(letterDecisionSchema.omit({ next_level: true })),
    explanation: z.string().nullable().default(null),
  });
type Reading = z.infer<typeof storedReadingSchema>;

const EMPTY_READING: Reading = {
  letter_date: null,
  combined_rating: null,
  monthly_amount: null,
  decisions: [],
  evidence: [],
  deadlines: [],
  explanation: null,
};

/** The stored reading, checked against the contract (a row written by an older version reads empty). */
function readingOf(row: DecisionLetterRow): Reading {
  if (!row.result) return EMPTY_READING;
  const parsed = storedReadingSchema.safeParse(JSON.parse(row.result));
  return parsed.success ? parsed.data : EMPTY_READING;
}

function statusOf(row: DecisionLetterRow): DecisionLetter['status'] {
  return row.jobStatus === 'canceled' ? 'failed' : (row.jobStatus ?? 'queued');
}

export function toLetter(row: DecisionLetterRow): DecisionLetter {
  const status = statusOf(row);
  const reading = readingOf(row);
  return {
    id: row.id,
    status,
    progress: row.jobProgress,
    error: status === 'failed' ? (row.jobError ?? 'The letter could not be read') : null,
    source: row.source === 'upload' ? 'upload' : 'text',
    file_id: row.fileId,
    ...reading,
    decisions: reading.decisions.map((decision) => ({
      ...decision,
      next_level: nextLevelFor(decision),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: (row.jobUpdatedAt ?? row.updatedAt).toISOString(),
  };
}

function toSummary(row: DecisionLetterRow): DecisionLetterSummary {
  const letter = toLetter(row);
  return {
    id: letter.id,
    status: letter.status,
    progress: letter.progress,
    error: letter.error,
    source: letter.source,
    letter_date: letter.letter_date,
    combined_rating: letter.combined_rating,
    deadlines: letter.deadlines,
    decisions_count: letter.decisions.length,
    created_at: letter.created_at,
    updated_at: letter.updated_at,
  };
}

type AnalyzeJob = JobDefinition<{ letter_id: string; user_id: string }>;

/**
 * Accepts a letter for reading: an uploaded `decision-letter` file that is the owner's and ready,
 * or pasted text. Counts against the month's `decision_letters` (refused when spent, with billing
 * on), records the letter (its text encrypted) and queues the analysis.
 */
export async function createLetter(
  options: Owner & {
    input: CreateDecisionLetterInput;
    billingEnabled: boolean;
    jobs: JobQueue | undefined;
    job: AnalyzeJob;
  },
): Promise<{ id: string; status: 'queued' }> {
  const { db, userId, input } = options;
  if (!options.jobs) {
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: 'Background jobs are not running' });
  }
  let fileId: string | null = null;
  if ('file_id' in input) {
    const file = await getFile({ db, ownerId: userId, fileId: input.file_id }).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.code === ERR.NOT_FOUND) {
          throw new AppError(ERR.INVALID_INPUT, {
            detail: 'No finished upload has this id',
            fields: { file_id: 'Upload the letter first' },
          });
        }
        throw error;
      },
    );
    if (file.kind !== 'decision-letter') {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: 'Upload the letter as a decision letter (PDF, JPEG or PNG)',
        fields: { file_id: 'Not a decision letter upload' },
      });
    }
    if (file.status !== 'ready') {
      throw new AppError(ERR.INVALID_STATE, { detail: 'The upload is not finished' });
    }
    fileId = file.id;
  }
  const now = new Date();
  await consumeQuota({
    db,
    userId,
    feature: 'decision_letters',
    billingEnabled: options.billingEnabled,
    now,
  });
  const jobs = options.jobs;
  try {
    // The letter and its job are written together: a stop between the two must not leave a letter
    // waiting for a reading that was never queued.
    const row = await db.transaction(async (tx) => {
      const inserted = await repository.insertLetter({
        db: tx,
        userId,
        source: fileId ? 'upload' : 'text',
        fileId,
        text: 'text' in input ? input.text : null,
      });
      await jobs.enqueue(
        options.job,
        { letter_id: inserted.id, user_id: userId },
        { transaction: tx },
      );
      return inserted;
    });
    return { id: row.id, status: 'queued' };
  } catch (error) {
    await refundQuota({ db, userId, feature: 'decision_letters', now });
    throw error;
  }
}

export async function listLetters(options: Owner & { page: PageQuery }) {
  const { rows, total } = await repository.listLetters(options);
  return {
    results: rows.map(toSummary),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

export async function getLetter(options: Owner & { id: string }): Promise<DecisionLetter> {
  const row = await repository.findLetter(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toLetter(row);
}

/**
 * Deletes a letter with its reading, and the uploaded file it was read from once no other letter
 * of the owner was read from it (the file is the letter's alone: it is not in the vault).
 */
export async function deleteLetter(
  options: Owner & { id: string; storage: StorageDriver },
): Promise<void> {
  const deleted = await repository.deleteLetter(options);
  if (!deleted) throw new AppError(ERR.NOT_FOUND);
  const { fileId } = deleted;
  if (!fileId || (await repository.isFileInUse({ ...options, fileId }))) return;
  await deleteFile({ db: options.db, storage: options.storage, ownerId: options.userId, fileId })
    // Already gone (deleted another way): nothing is left to delete.
    .catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === ERR.NOT_FOUND)) throw error;
    });
}

/** Every letter of the owner with its reading (for the account export). */
export async function exportLetters(options: Owner) {
  return (await repository.listAllLetters(options)).map((row) => ({
    ...toLetter(row),
    text: row.text,
  }));
}

/**
 * A reading error the veteran can act on, which trying again would not mend; it is stored on the
 * letter, so it never holds their text.
 */
export class UnreadableLetter extends PermanentJobError {}

/**
 * A PDF that pdf.js refuses outright (password-protected, or not a PDF it can take apart) will be
 * refused the same way on every try: it fails at once, with what the veteran can do about it.
 */
function unreadablePdf(error: unknown): UnreadableLetter | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') {
    return new UnreadableLetter(
      'This PDF is password-protected. Open it, save or print it as a new PDF without a password, and upload that.',
    );
  }
  if (name === 'InvalidPDFException' || name === 'FormatError') {
    return new UnreadableLetter(
      'This file is not a PDF that can be read (it may be damaged or incomplete). Download the letter again, or paste its text.',
    );
  }
  return null;
}

/**
 * Reads a letter: its text (as pasted, else from its file: the PDF's text layer, or OCR of a
 * scanned page or a photo), then what it decided, parsed by the letter grammar, with the reasons in
 * plain words, what each denial or low rating lacked, and the review deadlines. Idempotent.
 * The reading is the parser's alone; when a model is configured and the veteran agreed to it, the
 * model only writes a plain-language explanation from those parsed facts (never from the text),
 * and a reading without one is just as complete.
 */
export async function analyzeLetter(options: {
  db: Db;
  storage: StorageDriver;
  /** The configured outside model, if any. */
  ai: AiProviderConfig | undefined;
  letterId: string;
  progress: (percent: number) => Promise<void>;
  /** Ends the model's call when the job's time is up. */
  signal?: AbortSignal;
}): Promise<void> {
  const { db } = options;
  const row = await repository.findLetterById({ db, id: options.letterId });
  if (!row) return; // deleted meanwhile: nothing to read
  let text = row.text;
  if (text === null) {
    if (!row.fileId) throw new UnreadableLetter('The letter’s file was deleted before it was read');
    const file = await readStoredFile({
      db,
      storage: options.storage,
      ownerId: row.userId,
      fileId: row.fileId,
    });
    if (file.contentType === 'application/pdf') {
      const pages = await extractPages(file.bytes, {
        onPage: (done, total) => options.progress(Math.round((done / total) * 90)),
      }).catch((error: unknown) => {
        throw unreadablePdf(error) ?? error;
      });
      text = pages.map((page) => page.text).join('\n\f\n');
    } else {
      const ocr = await createOcr();
      try {
        text = await ocr.read(file.bytes);
      } finally {
        await ocr.close();
      }
      await options.progress(90);
    }
  }
  if (text.replace(/\s+/g, '').length < 50) {
    await repository.saveReading({ db, id: row.id, text, result: null });
    throw new UnreadableLetter(
      'No text could be read from this letter. Upload a clearer scan or a PDF from VA.gov, or paste the text.',
    );
  }
  const parsed = parseDecisionLetter(text);
  const reading: Reading = {
    letter_date: parsed.letter_date,
    combined_rating: parsed.combined_rating,
    monthly_amount: parsed.monthly_amount,
    decisions: parsed.decisions.map((decision) => ({
      condition: decision.condition,
      outcome: decision.outcome,
      percent: decision.percent,
      effective_date: decision.effective_date,
      diagnostic_code: decision.diagnostic_code,
      secondary_to: decision.secondary_to,
      presumptive: decision.presumptive,
      previous_percent: decision.previous_percent,
      staged: decision.staged,
      reasons: reasonsFor(decision),
      missing: missingFor(decision),
    })),
    evidence: parsed.evidence,
    deadlines: parsed.deadlines as Reading['deadlines'],
    explanation: null,
  };
  reading.explanation = await explainLetter({
    letter_date: reading.letter_date,
    combined_rating: reading.combined_rating,
    monthly_amount: reading.monthly_amount,
    decisions: reading.decisions,
    deadlines: reading.deadlines,
    userId: row.userId,
    db,
    config: options.ai,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  await repository.saveReading({ db, id: row.id, text, result: JSON.stringify(reading) });
}

/** Gives back the month's use of a letter whose reading failed for good. */
export async function refundLetter(options: { db: Db; userId: string; letterId: string }) {
  const row = await repository.findLetterById({ db: options.db, id: options.letterId });
  await refundQuota({
    db: options.db,
    userId: options.userId,
    feature: 'decision_letters',
    now: row?.createdAt ?? new Date(),
  });
}
