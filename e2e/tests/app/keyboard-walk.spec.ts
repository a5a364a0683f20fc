import type { Locator, Page } from '@playwright/test';

import { codeFromOutbox, expect, test, uniqueEmail } from '../../fixtures.ts';

/**
 * A new veteran uses Muster with the keyboard alone: signs in with the mailed code, picks the free
 * plan, adds a disability and answers the first questions, asks the assistant a question, uploads a
 * PDF to the vault and deletes it after the confirmation. After the first page is opened, every
 * step is a key press or typed text; the test reads the screen, and the mailed code from the
 * API's outbox (the mailbox), but never clicks.
 */

/** A short description of the element that has focus, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body> (nothing focused)';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent;
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role="${role}"` : ''}> "${name.trim().replace(/\s+/g, ' ').slice(0, 80)}"`;
  });
}

/** Whether `locator` has focus, or with `within`, whether focus is inside it. */
function isFocused(locator: Locator, within = false): Promise<boolean> {
  return locator.evaluate(
    (el, inside) =>
      el === document.activeElement || (inside && el.contains(document.activeElement)),
    within,
  );
}

/**
 * Presses Tab (or Shift+Tab) until `locator` has focus (or, with `within`, something inside it);
 * fails naming the element focus was on last. Returns how many presses it took.
 */
async function tabTo(
  page: Page,
  locator: Locator,
  {
    max = 80,
    reverse = false,
    within = false,
  }: { max?: number; reverse?: boolean; within?: boolean } = {},
): Promise<number> {
  await expect(locator).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(locator, within)) return presses;
    await page.keyboard.press(reverse ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${reverse ? 'Shift+Tab' : 'Tab'} pressed ${max} times did not reach ${locator.toString()}; focus was last on ${await describeFocus(page)}`,
  );
}

/** Whether the focused element shows a focus indicator (an outline or a ring drawn as a shadow). */
function hasVisibleFocusIndicator(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || shadow;
  });
}

/** A link in the sidebar's main navigation. */
function sidebarLink(page: Page, name: string): Locator {
  return page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name, exact: true });
}

/** A PDF of `size` bytes: the header, padding, the end marker. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

test('[APP][KEYBOARD]: sign-in, a disability’s first questions, a chat and an upload, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');

  // Sign in with the mailed code.
  await page.goto('/sign-in');
  const emailField = page.getByLabel('Email');
  await tabTo(page, emailField);
  // The field the person typed into shows where focus is.
  expect(await hasVisibleFocusIndicator(page), 'the focused email field shows focus').toBe(true);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  const code = await codeFromOutbox(request, email);
  await tabTo(page, page.getByLabel('Code'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  // A new account picks a plan, then the welcome page leads to the dashboard.
  await expect(page).toHaveURL(/\/plan-selection$/);
  const chooseFree = page.getByRole('button', { name: 'Choose Free' });
  await tabTo(page, chooseFree);
  expect(await hasVisibleFocusIndicator(page), 'the focused plan button shows focus').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/welcome$/);
  await tabTo(page, page.getByRole('link', { name: 'Go to Dashboard' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  // A disability: the sidebar's "Add Disability", one condition, the catalogue's suggestion.
  await tabTo(page, sidebarLink(page, 'Add Disability'), { max: 150 });
  expect(await hasVisibleFocusIndicator(page), 'the focused sidebar link shows focus').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/disabilities\/new$/);
  await tabTo(page, page.getByRole('link', { name: /Add one condition/ }), { max: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create disability' })).toBeVisible();
  const condition = page.getByRole('combobox', { name: 'Condition' });
  await tabTo(page, condition, { max: 150 });
  await page.keyboard.type('bad knee');
  const suggestion = page
    .getByRole('listbox', { name: 'Matching conditions' })
    .getByRole('option')
    .first();
  await expect(suggestion).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  const chosen = (await suggestion.textContent())?.trim() ?? '';
  await page.keyboard.press('Enter');
  await expect(condition).not.toHaveValue('bad knee');
  const title = await condition.inputValue();
  expect(chosen.startsWith(title), `the chosen suggestion "${chosen}" filled in "${title}"`).toBe(
    true,
  );
  await tabTo(page, page.getByRole('button', { name: 'Create disability' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The wizard's first pages: each answer saved, "Save and continue" moves on, "Back" shows it.
  await tabTo(page, page.getByRole('link', { name: /Start the questions/ }), { max: 150 });
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'How it connects to your service' }),
  ).toBeVisible();
  const during = page.getByRole('radio', { name: /It started or happened during my service/ });
  // A radio group is one stop for Tab; arrow keys move between its radios, Space checks one.
  await tabTo(page, page.getByRole('radiogroup').filter({ has: during }), {
    max: 150,
    within: true,
  });
  for (let i = 0; i < 10 && !(await isFocused(during)); i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(during).toBeChecked();
  const saved = page.locator('[data-slot="autosave-status"]');
  await expect(saved).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await tabTo(page, page.getByRole('button', { name: 'Save and continue' }));
  await page.keyboard.press('Enter');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Symptoms during service' }),
  ).toBeVisible();
  const story = 'Twisted my knee on a ruck march in 2009.';
  const storyField = page.getByLabel('What happened in service that this condition goes back to?');
  await tabTo(page, storyField, { max: 150 });
  await page.keyboard.type(story);
  await expect(saved).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await tabTo(page, page.getByRole('button', { name: 'Save and continue' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Symptoms since service' }),
  ).toBeVisible();

  // Back: the page before shows what was typed.
  await tabTo(page, page.getByRole('button', { name: 'Back', exact: true }), { max: 150 });
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Symptoms during service' }),
  ).toBeVisible();
  await expect(storyField).toHaveValue(story);

  // A chat: the sidebar's "Create new chat", a question, the offline assistant's answer.
  await tabTo(page, sidebarLink(page, 'Create new chat'), { max: 150, reverse: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, composer, { max: 150 });
  await page.keyboard.type('How is tinnitus rated?');
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('How is tinnitus rated?')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Copy reply' })).toBeVisible({ timeout: 20_000 });
  // The message box keeps focus after sending, ready for the next question.
  await expect(composer).toBeFocused();
  await expect(composer).toBeEditable();

  // The vault: the file picker opens from the keyboard; the PDF is listed, then deleted.
  await tabTo(page, sidebarLink(page, 'File Vault'), { max: 150, reverse: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  await tabTo(page, page.getByLabel('Choose a file'), { max: 150 });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'DD214.pdf', mimeType: 'application/pdf', buffer: pdfOf(20_000) });
  await expect(page.getByText('DD214.pdf was added to your vault.')).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Your documents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'DD214.pdf', exact: true }) });
  await expect(item).toBeVisible();

  await tabTo(page, item.getByRole('button', { name: 'Delete DD214.pdf' }), { max: 150 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await expect(confirm).toBeVisible();
  // Focus moves into the dialog, and Tab stays there.
  await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, confirm.getByRole('button', { name: 'Delete document' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  // Focus lands on something on the page, not lost to the document body.
  await expect.poll(() => describeFocus(page)).not.toBe('<body> (nothing focused)');
});
