/**
 * Field errors on the site's forms. Each field `#x` has an error element `#x-error`, already named
 * in its aria-describedby, so the message is read with the field.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldNamed(form: HTMLFormElement, name: string): Field | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : null;
}

export function clearFieldErrors(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll('[aria-invalid="true"]')) {
    field.removeAttribute('aria-invalid');
  }
  for (const error of form.querySelectorAll<HTMLElement>('.field-error')) {
    error.textContent = '';
    error.hidden = true;
  }
}

/**
 * Shows each message under its field and focuses the first field in error. Returns the messages
 * that match no visible field (e.g. the honeypot or the whole body), for the form-level message.
 */
export function showFieldErrors(form: HTMLFormElement, fields: Record<string, string>): string[] {
  const unmatched: string[] = [];
  let first: Field | null = null;
  for (const [name, message] of Object.entries(fields)) {
    const field = fieldNamed(form, name);
    const error = field ? form.ownerDocument.getElementById(`${field.id}-error`) : null;
    if (!field || !error) {
      unmatched.push(message);
      continue;
    }
    field.setAttribute('aria-invalid', 'true');
    error.textContent = message;
    error.hidden = false;
    if (!first || first.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_PRECEDING) {
      first = field;
    }
  }
  first?.focus();
  return unmatched;
}
