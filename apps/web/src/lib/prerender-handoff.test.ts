import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HANDOFF_TIMEOUT_MS, appContainer, carryOver } from './prerender-handoff';

/** The document a prerendered page arrives as: its markup in #root, the loading message beside. */
function prerenderedDocument(markup: string, audience = 'guest') {
  document.body.innerHTML = `<div id="root" data-prerendered="${audience}">${markup}</div><div id="root-loading" role="status"><p>Loading Muster…</p></div>`;
  return document.getElementById('root')!;
}

/** Lets the two animation frames and the short wait before a swap may happen pass. */
async function passFirstFrames() {
  await vi.advanceTimersByTimeAsync(200);
}

/** What the app commits into its container, as React would. */
async function commit(container: HTMLElement, markup: string) {
  container.innerHTML = markup;
  // Mutation observers run as a microtask after the change.
  await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('appContainer', () => {
  it('renders into the root itself when the page was not prerendered', () => {
    document.body.innerHTML = '<div id="root"><p>Loading Muster…</p></div>';
    const root = document.getElementById('root')!;
    expect(appContainer(root)).toBe(root);
  });

  it('keeps the prerendered page while the app shows only its loading screens', async () => {
    const root = prerenderedDocument('<main><h1>Sign in</h1></main>');
    const container = appContainer(root);
    expect(container).not.toBe(root);
    // Out of the document meanwhile: no id, label or control is there twice.
    expect(container.isConnected).toBe(false);
    await passFirstFrames();

    await commit(container, '<div data-slot="first-load"><p>Loading…</p></div>');
    await commit(container, '<div data-slot="full-screen-status">Loading your account...</div>');
    expect(root.isConnected).toBe(true);
    expect(container.isConnected).toBe(false);
  });

  it('swaps in the app, under the id root, once it shows a real screen', async () => {
    const root = prerenderedDocument('<main><h1>Sign in</h1></main>');
    const container = appContainer(root);
    await passFirstFrames();

    await commit(container, '<main><h1>Sign in</h1><p>ready</p></main>');
    expect(root.isConnected).toBe(false);
    expect(document.getElementById('root-loading')).toBeNull();
    expect(container.isConnected).toBe(true);
    expect(container.id).toBe('root');
    expect(document.querySelectorAll('#root')).toHaveLength(1);
  });

  it('waits for the prerendered page to have been painted before swapping', async () => {
    const root = prerenderedDocument('<main><h1>Sign in</h1></main>');
    const container = appContainer(root);

    await commit(container, '<main><h1>Sign in</h1></main>');
    expect(root.isConnected).toBe(true);
    await passFirstFrames();
    expect(root.isConnected).toBe(false);
    expect(container.isConnected).toBe(true);
  });

  it('swaps after the timeout whatever the app shows, so a stuck load is not hidden', async () => {
    const root = prerenderedDocument('<main><h1>Dashboard</h1></main>', 'member');
    const container = appContainer(root);
    await commit(container, '<div data-slot="full-screen-status">Loading your account...</div>');

    await vi.advanceTimersByTimeAsync(HANDOFF_TIMEOUT_MS - 1);
    expect(root.isConnected).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(root.isConnected).toBe(false);
    expect(container.textContent).toContain('Loading your account...');
  });
  it('never swaps to an app that has rendered nothing (its code failed to load)', async () => {
    const root = prerenderedDocument('<main><h1>Sign in</h1></main>');
    appContainer(root);
    await vi.advanceTimersByTimeAsync(HANDOFF_TIMEOUT_MS * 2);
    expect(root.isConnected).toBe(true);
    expect(document.getElementById('root')).toBe(root);
  });

  it("holds a prerendered form that is sent early, and sends the app's form once it is in place", async () => {
    const root = prerenderedDocument(
      '<form><input name="email" /><button type="submit">Send code</button></form>',
    );
    const container = appContainer(root);
    const prerendered = root.querySelector('input')!;
    prerendered.value = 'veteran@example.com';
    const early = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    const sent = vi.fn((event: Event) => event.preventDefault());
    await passFirstFrames();
    container.innerHTML =
      '<form><input name="email" /><button type="submit">Send code</button></form>';
    container.querySelector('form')!.addEventListener('submit', sent);
    await Promise.resolve();

    expect(root.isConnected).toBe(false);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(container.querySelector('input')!.value).toBe('veteran@example.com');
  });

  it("leaves the app's own forms alone", async () => {
    const root = prerenderedDocument('<main></main>');
    const container = appContainer(root);
    await passFirstFrames();
    await commit(container, '<form></form>');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });
});

describe('carryOver', () => {
  it('types what the visitor typed into the same field of the app, which sees it as input', () => {
    document.body.innerHTML = `
      <form id="from"><input name="email" id="prerender-id" type="email" value="" /></form>
      <form id="to"><input name="email" id="app-id" type="email" value="" /></form>`;
    const typed = document.querySelector<HTMLInputElement>('#from input')!;
    typed.value = 'veteran@example.com';
    const target = document.querySelector<HTMLInputElement>('#to input')!;
    const onInput = vi.fn();
    target.addEventListener('input', onInput);

    carryOver(document.getElementById('from')!, document.getElementById('to')!);

    expect(target.value).toBe('veteran@example.com');
    expect(onInput).toHaveBeenCalledTimes(1);
  });

  it('leaves untouched fields, and fields the app has already filled, alone', () => {
    document.body.innerHTML = `
      <div id="from"><input name="a" value="" /><textarea name="b">kept</textarea></div>
      <div id="to"><input name="a" value="" /><textarea name="b">from the app</textarea></div>`;
    const from = document.getElementById('from')!;
    from.querySelector('textarea')!.value = 'typed';
    const to = document.getElementById('to')!;

    carryOver(from, to);

    expect(to.querySelector('input')!.value).toBe('');
    expect(to.querySelector('textarea')!.value).toBe('from the app');
  });

  it('moves the focus to the same control, with the caret where it was', () => {
    document.body.innerHTML = `
      <div id="from"><input name="email" type="text" /></div>
      <div id="to"><input name="email" type="text" /></div>`;
    const from = document.getElementById('from')!;
    const focused = from.querySelector('input')!;
    focused.focus();
    focused.value = 'abc';
    focused.setSelectionRange(1, 1);
    const to = document.getElementById('to')!;

    carryOver(from, to);

    const target = to.querySelector('input')!;
    expect(document.activeElement).toBe(target);
    expect(target.selectionStart).toBe(1);
  });

  it('carries choices over: a checked box, a radio button and a select', () => {
    document.body.innerHTML = `
      <div id="from"><input type="checkbox" name="agree" /><input type="radio" name="mode" value="light" checked /><input type="radio" name="mode" value="dark" /><select name="year"><option value="2025" selected>2025</option><option value="2026">2026</option></select></div>
      <div id="to"><input type="checkbox" name="agree" /><input type="radio" name="mode" value="light" checked /><input type="radio" name="mode" value="dark" /><select name="year"><option value="2025" selected>2025</option><option value="2026">2026</option></select></div>`;
    const from = document.getElementById('from')!;
    from.querySelector<HTMLInputElement>('[name=agree]')!.checked = true;
    from.querySelector<HTMLInputElement>('[value=dark]')!.checked = true;
    from.querySelector('select')!.value = '2026';
    const to = document.getElementById('to')!;
    const changes: string[] = [];
    to.addEventListener('click', (event) => changes.push((event.target as HTMLInputElement).name));
    to.addEventListener('change', (event) => changes.push((event.target as HTMLElement).tagName));

    carryOver(from, to);

    expect(to.querySelector<HTMLInputElement>('[name=agree]')!.checked).toBe(true);
    expect(to.querySelector<HTMLInputElement>('[value=dark]')!.checked).toBe(true);
    expect(to.querySelector('select')!.value).toBe('2026');
    // Each through the event the app listens to, never by setting state behind its back.
    expect(changes).toEqual(expect.arrayContaining(['agree', 'mode', 'SELECT']));
  });

  it('repeats a button pressed early on the same button of the app', async () => {
    const root = prerenderedDocument(
      '<button type="button" aria-label="Toggle sidebar"></button><button type="button">Other</button>',
    );
    const container = appContainer(root);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    await passFirstFrames();
    container.innerHTML =
      '<button type="button">Other</button><button type="button" aria-label="Toggle sidebar"></button>';
    const pressed = vi.fn();
    container.querySelector('[aria-label="Toggle sidebar"]')!.addEventListener('click', pressed);
    await Promise.resolve();

    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('matches a control by id when it has no name', () => {
    document.body.innerHTML = `
      <div id="from"><textarea id="note"></textarea></div>
      <div id="to"><textarea id="note"></textarea></div>`;
    const from = document.getElementById('from')!;
    from.querySelector('textarea')!.value = 'my note';
    const to = document.getElementById('to')!;

    carryOver(from, to);

    expect(to.querySelector('textarea')!.value).toBe('my note');
  });
});
