import { z } from 'zod';

/**
 * Every string a client sends (bodies, queries, path ids) is built with `safeText`: bounded in
 * length, and free of control characters. NUL in particular is refused before it reaches the
 * database, which cannot store it in text. Free text that may span lines (messages, statements)
 * keeps tab, line feed and carriage return; everything else refuses all of C0 and DEL.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, minus tab, line feed and carriage return
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type SafeTextOptions = {
  /** Fewest characters after trimming (0 allows the empty string). */
  min?: number;
  /** Most characters after trimming: every string has a bound. */
  max: number;
  /** Free text over several lines: tab, line feed and carriage return are allowed. */
  multiline?: boolean;
  /** Trim surrounding whitespace first (the default); ids and tokens are taken as sent. */
  trim?: boolean;
  messages?: { required?: string; tooShort?: string; tooLong?: string };
};

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
export const LINE_BREAK_MESSAGE = 'Must be a single line without control characters';

/** True when `text` holds a character that `safeText` refuses (`multiline` as in its options). */
export function hasForbiddenCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(text);
}

/** A bounded string with no control characters (see the module comment). */
export function safeText(options: SafeTextOptions) {
  const { min = 0, max, multiline = false, trim = true, messages = {} } = options;
  const required = messages.required ?? 'Required';
  let schema = z.string({
    error: (issue) => (issue.input === undefined ? required : 'Must be text'),
  });
  if (trim) schema = schema.trim();
  if (min > 0) {
    schema = schema.min(
      min,
      messages.tooShort ?? (min === 1 ? required : `At least ${min} characters`),
    );
  }
  return schema
    .max(max, messages.tooLong ?? `At most ${max} characters`)
    .refine((text) => !hasForbiddenCharacters(text, multiline), {
      message: multiline ? CONTROL_CHARACTER_MESSAGE : LINE_BREAK_MESSAGE,
      abort: true,
    });
}
