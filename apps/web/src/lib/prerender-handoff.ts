/**
 * Hands a prerendered page over to the app. Some first pages are sent as finished HTML (built by
 * scripts/prerender.ts), so they show before the app's code has arrived. The app renders into a
 * container kept out of the document meanwhile (so no id, label or control is there twice), and
 * takes the page's place once it shows a real screen: its own loading screens never replace a page
 * the visitor can already read.
 *
 * Until then the prerendered page has no behaviour of its own, so nothing done on it is lost:
 * typed text, choices and the focus carry over to the same controls of the app, and a button
 * pressed or a form sent early is pressed or sent again in the app once it is in place. (A
 * prerendered form sent as it is would reload the page with its fields in the address.) Links work
 * as plain links throughout.
 */

/** Loading screens of the app (the first page's code, the account check): not worth swapping to. */
const LOADING_SCREENS = '[data-slot=full-screen-status],[data-slot=first-load]';

/** How long after two frames the swap waits at the earliest (see `appContainer`). */
const PAINT_REPORT_DELAY_MS = 50;

/** Past this, the app takes over with whatever it shows, loading screens included. */
export const HANDOFF_TIMEOUT_MS = 5000;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

const isTextControl = (element: Element | null): element is TextControl =>
  (element instanceof HTMLInputElement &&
    element.type !== 'checkbox' &&
    element.type !== 'radio') ||
  element instanceof HTMLTextAreaElement;

const isToggle = (element: Element | null): element is HTMLInputElement =>
  element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');

/** What identifies a button across the two renderings: its name, text and type. */
function buttonSignature(button: Element): string {
  return [
    button.getAttribute('aria-label') ?? '',
    button.textContent.trim(),
    button.getAttribute('type') ?? '',
  ].join('|');
}

/**
 * The element of `to` that stands for `element` of `from`, the other rendering of the same page:
 * the same kind of element with the same name (and, for a radio button, value), else the same id,
 * else, for a button, the same label, else, for a form, the same place among the page's forms.
 * Generated ids can differ between the two renderings, hence names first.
 */
function counterpart(element: Element, from: ParentNode, to: ParentNode): HTMLElement | null {
  const name = element.getAttribute('name');
  const value = isToggle(element) && element.type === 'radio' ? element.value : null;
  const signature = element instanceof HTMLButtonElement ? buttonSignature(element) : null;
  const candidates = [...to.querySelectorAll<HTMLElement>(element.tagName)];
  const found = candidates.find((candidate) => {
    if (name !== null) {
      return (
        candidate.getAttribute('name') === name &&
        (value === null || (candidate as HTMLInputElement).value === value)
      );
    }
    if (element.id) return candidate.id === element.id;
    return signature !== null && buttonSignature(candidate) === signature;
  });
  if (found || !(element instanceof HTMLFormElement)) return found ?? null;
  return candidates[[...from.querySelectorAll('form')].indexOf(element)] ?? null;
}

/** Sets a control's value the way the browser does, so the form library sees the change. */
function setValue(control: TextControl | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
  control.dispatchEvent(
    new Event(control instanceof HTMLSelectElement ? 'change' : 'input', {
      bubbles: true,
    }),
  );
}

function isSelectChanged(select: HTMLSelectElement): boolean {
  return [...select.options].some((option) => option.selected !== option.defaultSelected);
}

/**
 * Copies typed text, choices and the focus from the prerendered page to the app's controls.
 * `focused` is the element that had the focus (by default the one that has it now).
 */
export function carryOver(
  from: ParentNode,
  to: ParentNode,
  focused: Element | null = document.activeElement,
) {
  for (const field of from.querySelectorAll('input, textarea, select')) {
    const target = counterpart(field, from, to);
    if (isToggle(field)) {
      if (field.checked !== field.defaultChecked && isToggle(target)) {
        // A click, as the visitor's own: the app's handler runs and the state follows it.
        if (target.checked !== field.checked) target.click();
      }
    } else if (field instanceof HTMLSelectElement) {
      if (isSelectChanged(field) && target instanceof HTMLSelectElement) {
        setValue(target, field.value);
      }
    } else if (isTextControl(field) && field.value !== field.defaultValue) {
      if (isTextControl(target) && target.value === '') setValue(target, field.value);
    }
  }
  if (focused instanceof HTMLElement && from.contains(focused)) {
    const target = counterpart(focused, from, to);
    target?.focus();
    if (isTextControl(focused) && isTextControl(target)) {
      try {
        target.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      } catch {
        // Not every input type has a selection (email has none in some browsers).
      }
    }
  }
}

/**
 * Where the app should render: call it as soon as the page's scripts run. Without a prerendered
 * page that is `root` itself. With one, it is a new container, kept out of the document, that
 * takes `root`'s place (and id) once the app shows more than a loading screen or, after
 * `timeoutMs`, once it shows anything at all.
 */
export function appContainer(
  root: HTMLElement,
  { timeoutMs = HANDOFF_TIMEOUT_MS }: { timeoutMs?: number } = {},
): HTMLElement {
  if (root.dataset.prerendered === undefined) return root;

  const container = document.createElement('div');

  // The last button pressed or form sent on the prerendered page, to repeat in the app.
  let held: { kind: 'click' | 'submit'; element: HTMLElement } | null = null;
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !root.contains(event.target)) return;
    const element =
      event.type === 'submit' ? event.target : event.target.closest('button:not([disabled])');
    if (!(element instanceof HTMLElement)) return;
    event.preventDefault();
    held = { kind: event.type === 'submit' ? 'submit' : 'click', element };
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);

  // The browser reports a paint some frames after making it, and forgets it if the element is
  // gone by then: swapping in the first frames would make the page's largest paint look like the
  // app's, seconds later than what the visitor actually saw.
  let isPainted = false;
  let isTimedOut = false;
  let isDone = false;

  const isReady = () =>
    container.childElementCount > 0 && (isTimedOut || !container.querySelector(LOADING_SCREENS));

  const trySwap = () => {
    if (isDone || !isPainted || !isReady()) return;
    isDone = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    // The app goes in first: the focus and the events of carried-over input need a document.
    const focused = document.activeElement;
    root.replaceWith(container);
    container.id = 'root';
    document.getElementById('root-loading')?.remove();
    carryOver(root, container, focused);
    const target = held && counterpart(held.element, root, container);
    if (held?.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    else if (held?.kind === 'click') target?.click();
  };

  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        isPainted = true;
        trySwap();
      }, PAINT_REPORT_DELAY_MS),
    ),
  );
  // Mutation callbacks run after React's commit and before the browser paints it.
  const observer = new MutationObserver(trySwap);
  observer.observe(container, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    isPainted = true;
    isTimedOut = true;
    trySwap();
  }, timeoutMs);
  return container;
}
