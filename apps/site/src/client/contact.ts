import type { ContactInput } from '@muster/contract/contact';

import { postJson, readApiUrl } from './api-client.ts';
import { CONTACT_SUCCESS_MESSAGE, serializeContactForm } from './contact-model.ts';
import { clearFieldErrors, showFieldErrors } from './form-errors.ts';

/**
 * contact.html: sends the form to POST /contact (answer: the contract's `contactResultSchema`,
 * `{ received: true }`) and shows field errors, the success message or the rate-limit message.
 */

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`contact.html lacks #${id}`);
  return element as T;
}

const apiUrl = readApiUrl(document);
const form = byId<HTMLFormElement>('contact-form');
const fieldset = byId<HTMLFieldSetElement>('contact-fields');
const errorBox = byId<HTMLElement>('contact-error');
const success = byId<HTMLElement>('contact-success');

function showError(message: string): void {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

async function send(body: ContactInput): Promise<void> {
  clearFieldErrors(form);
  errorBox.hidden = true;
  success.textContent = '';
  const result = await postJson<{ received: true }>(apiUrl, '/contact', body);
  // Enabled again before any focus moves: a disabled field cannot take focus.
  fieldset.disabled = false;
  if (result.ok) {
    form.reset();
    success.textContent = CONTACT_SUCCESS_MESSAGE;
    success.hidden = false;
    success.focus();
    return;
  }
  const unmatched = showFieldErrors(form, result.error.fields);
  const hasFieldErrors = Object.keys(result.error.fields).length > unmatched.length;
  showError(
    hasFieldErrors && result.error.status !== 429
      ? 'Please correct the highlighted fields.'
      : result.error.message,
  );
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (fieldset.disabled) return;
  // Read before disabling: a disabled fieldset's fields are left out of FormData.
  const body = serializeContactForm(new FormData(form));
  fieldset.disabled = true;
  send(body)
    .catch(() => showError('Something went wrong. Please try again.'))
    .finally(() => {
      fieldset.disabled = false;
    });
});

form.hidden = false;
byId('contact-no-js').hidden = true;
