import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiRoutes } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { STATEMENT_IDS, statementsApi } from '../testing/statements-api';

/** The page's code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const DISABILITY_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const BASE = `/disabilities/${DISABILITY_ID}`;
const STATEMENTS = `${BASE}/personal-statements`;
const KNEE = buildDisability({
  id: DISABILITY_ID,
  title: 'Knee strain, left',
  classification_code: '8997',
  diagnostic_code: '5260',
  claim_type: 'direct',
});
const COMPOSED =
  'I twisted my left knee on a ruck march at Fort Hood in 2009.\n\nMy knee aches every day and I cannot kneel.';

async function openGenerate(extra: ApiRoutes = {}) {
  const fake = statementsApi({ disability: KNEE, composed: COMPOSED });
  const { api } = mockSignedIn({ routes: { ...fake.routes, ...extra } });
  const view = renderApp({ path: `${BASE}/generate` });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Review your answers' }, FIRST_LOAD),
  ).toBeVisible();
  return { api, fake, ...view };
}

describe('the generate step', { timeout: 30_000 }, () => {
  it('writes the statement from the answers, saves an edit as version 2 and restores version 1', async () => {
    const { api } = await openGenerate();
    const user = userEvent.setup();

    // No statement yet: the way to write one, and what it will and will not say.
    const write = await screen.findByRole('button', { name: 'Write my statement' });
    expect(write).toHaveAccessibleDescription(/Written from your answers only/);
    await user.click(write);

    await waitFor(() => expect(api.calls('POST', STATEMENTS)).toHaveLength(1));
    const [post] = api.calls('POST', STATEMENTS);
    expect(post?.body).toEqual({});
    expect(post?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const text = await screen.findByRole('textbox', { name: 'Your statement' });
    expect(text).toHaveValue(COMPOSED);
    expect(text).toHaveFocus();
    expect(await screen.findByText('Your statement is written.')).toBeInTheDocument();

    // An edit waits for "Save changes", which keeps it as version 2.
    await user.type(text, ' Stairs are the worst.');
    expect(screen.getByText('Changes not saved yet.')).toBeVisible();
    expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)).toHaveLength(1),
    );
    expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)[0]?.body).toEqual({
      body: `${COMPOSED} Stairs are the worst.`,
    });
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();

    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(
      await within(versions).findByText('Version 2 — edited by you — Nov 25, 2026', {
        exact: false,
      }),
    ).toBeVisible();

    // Version 1 opens read only, and comes back as version 3.
    const first = within(versions).getByRole('button', {
      name: 'Version 1 — written from your answers — Nov 25, 2026',
    });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(
      await within(versions).findByText('My knee aches every day and I cannot kneel.'),
    ).toBeVisible();
    expect(within(versions).queryByRole('textbox')).toBeNull();
    await user.click(within(versions).getByRole('button', { name: 'Restore this version' }));

    await waitFor(() =>
      expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)).toHaveLength(2),
    );
    expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)[1]?.body).toEqual({
      body: COMPOSED,
    });
    expect(await screen.findByText('Version 1 restored as version 3.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your statement' })).toHaveValue(COMPOSED);
    expect(
      await within(screen.getByRole('region', { name: 'Versions' })).findByText(
        'Version 3 — edited by you — Nov 25, 2026',
        { exact: false },
      ),
    ).toBeVisible();
  });

  it('asks before a restore replaces unsaved changes, and Undo brings back the saved text', async () => {
    const { api } = await openGenerate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write my statement' }));
    const text = await screen.findByRole('textbox', { name: 'Your statement' });
    await user.type(text, ' First edit.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();

    // Undo: back to what version 2 holds, nothing sent.
    await user.type(text, ' Not wanted.');
    await user.click(screen.getByRole('button', { name: 'Undo my changes' }));
    expect(text).toHaveValue(`${COMPOSED} First edit.`);
    expect(text).toHaveFocus();

    // A restore over unsaved changes is confirmed first.
    await user.type(text, ' Typed, not saved.');
    const versions = screen.getByRole('region', { name: 'Versions' });
    await user.click(within(versions).getByRole('button', { name: /^Version 1 — / }));
    await user.click(await within(versions).findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText('Version 1 restored as version 3.')).toBeInTheDocument();
    expect(
      api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`).map((call) => call.body),
    ).toEqual([{ body: `${COMPOSED} First edit.` }, { body: COMPOSED }]);
    expect(screen.getByRole('textbox', { name: 'Your statement' })).toHaveValue(COMPOSED);
  });

  it('saves an unsaved edit as a new version before moving on', async () => {
    const { api, router } = await openGenerate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write my statement' }));
    const text = await screen.findByRole('textbox', { name: 'Your statement' });
    await user.type(text, ' Added on the way out.');

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/download`));
    expect(api.calls('PATCH', `${STATEMENTS}/${STATEMENT_IDS[0]}`)[0]?.body).toEqual({
      body: `${COMPOSED} Added on the way out.`,
    });
  });

  it('confirms before writing it again, which makes a new statement', async () => {
    const { api } = await openGenerate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write my statement' }));
    await screen.findByRole('textbox', { name: 'Your statement' });

    await user.click(screen.getByRole('button', { name: 'Write it again from my answers' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Write it again from your answers?',
    });
    expect(dialog).toHaveTextContent('counts as one of the personal statements');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', STATEMENTS)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Write it again from my answers' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Write it again',
      }),
    );
    await waitFor(() => expect(api.calls('POST', STATEMENTS)).toHaveLength(2));
    const keys = api.calls('POST', STATEMENTS).map((call) => call.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
    await waitFor(() =>
      expect(api.calls('GET', `${STATEMENTS}/${STATEMENT_IDS[1]}`).length).toBeGreaterThan(0),
    );
  });

  it('opens the upgrade prompt when the month’s statements are used up', async () => {
    const { api } = await openGenerate({
      [`POST ${STATEMENTS}`]: apiError(403, ERR.FORBIDDEN, {
        detail: 'personal statement quota reached',
        quota: {
          feature: 'personal_statements',
          used: 1,
          limit: 1,
          resets_at: '2026-12-01T00:00:00.000Z',
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write my statement' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Upgrade to Personal Plan' })).toBeVisible();
    expect(api.calls('POST', STATEMENTS)).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Your statement' })).toBeNull();
  });
});
