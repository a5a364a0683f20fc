import type { ContactInput } from '@muster/contract/contact';

/** Plain logic of the contact page: what goes to the API. No DOM. */

export const CONTACT_TOPICS = [
  'feedback',
  'question',
  'problem',
  'other',
] as const satisfies readonly ContactInput['topic'][];

export const CONTACT_SUCCESS_MESSAGE =
  'Thank you, we received your message. If it needs an answer, we’ll reply by email.';

function isTopic(value: string): value is ContactInput['topic'] {
  return (CONTACT_TOPICS as readonly string[]).includes(value);
}

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The request body from the form's fields. Values go as typed (the API trims and validates them and
 * answers with per-field messages); the honeypot is always sent, so a filled one reaches the API.
 */
export function serializeContactForm(data: FormData): ContactInput {
  const topic = text(data, 'topic');
  return {
    name: text(data, 'name'),
    email: text(data, 'email'),
    topic: isTopic(topic) ? topic : 'feedback',
    message: text(data, 'message'),
    website: text(data, 'website'),
  };
}
