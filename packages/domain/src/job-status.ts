import type { JobStatus } from '@muster/contract/common';

const TERMINAL: ReadonlySet<JobStatus> = new Set(['complete', 'failed', 'canceled']);

/** A job in a terminal status will not change again (a new run is a new job). */
export function isTerminal(status: JobStatus): boolean {
  return TERMINAL.has(status);
}

/** The UI polls a resource while its job may still change. */
export function shouldPoll(status: JobStatus | null | undefined): boolean {
  return status === 'queued' || status === 'processing';
}

/** Only work not yet finished can be canceled. */
export function canCancel(status: JobStatus): boolean {
  return !isTerminal(status);
}

/** A failed or canceled job may be started again; a finished one is kept. */
export function canRetry(status: JobStatus): boolean {
  return status === 'failed' || status === 'canceled';
}
