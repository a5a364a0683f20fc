import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ANNOUNCER_ATTRIBUTE, announceIfToastsHidden } from './announce';

function region(parent: HTMLElement): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute(ANNOUNCER_ATTRIBUTE, '');
  parent.append(element);
  return element;
}

describe('announceIfToastsHidden', () => {
  let page: HTMLElement;
  let drawer: HTMLElement;
  let toaster: HTMLElement;

  beforeEach(() => {
    vi.useFakeTimers();
    page = document.createElement('div');
    toaster = document.createElement('ol');
    toaster.setAttribute('data-sonner-toaster', '');
    page.append(toaster);
    drawer = document.createElement('div');
    document.body.append(page, drawer);
  });
  afterEach(() => {
    vi.useRealTimers();
    page.remove();
    drawer.remove();
  });

  it('stays quiet while the toaster itself can be heard', () => {
    const live = region(drawer);
    announceIfToastsHidden('Chat deleted');
    vi.advanceTimersByTime(2000);
    expect(live.textContent).toBe('');
  });

  it('reads the text in the open modal when the page (and its toaster) is hidden', () => {
    page.setAttribute('aria-hidden', 'true');
    const live = region(drawer);
    announceIfToastsHidden('Chat deleted. The conversation has been successfully deleted.');
    vi.advanceTimersByTime(200);
    expect(live.textContent).toBe('Chat deleted. The conversation has been successfully deleted.');
  });

  it('waits for a closing dialog to un-hide the drawer, then reads it there', () => {
    page.setAttribute('aria-hidden', 'true');
    drawer.setAttribute('aria-hidden', 'true');
    const live = region(drawer);
    announceIfToastsHidden('Message sent');
    vi.advanceTimersByTime(300);
    expect(live.textContent).toBe('');
    drawer.removeAttribute('aria-hidden');
    vi.advanceTimersByTime(200);
    expect(live.textContent).toBe('Message sent');
  });
});
