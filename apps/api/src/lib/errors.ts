import { ERROR_CATALOGUE, type ErrorCode } from '@muster/contract/errors';

export type AppErrorOptions = {
  /** Replaces the catalogue message; rarely needed. */
  message?: string;
  /** Specific text shown with the message ("decision letter quota reached"). Never user data. */
  detail?: string;
  fields?: Record<string, string>;
  /** Extra top-level members of the envelope (e.g. `quota`). */
  extra?: Record<string, unknown>;
  cause?: unknown;
};

/** The one error services throw. Its code comes from the catalogue, which gives status and message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status || 500;
    this.detail = options.detail;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}
