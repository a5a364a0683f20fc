import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  LETTER_ID,
  buildLetter,
  lettersApi,
} from '@/features/decision-letters/testing/letters-api';
import { UPLOAD_ID, vaultApi } from '@/features/vault/testing/vault-api';
import { apiError, json } from '@/testing/api-mock';
import { installFakeXhr } from '@/testing/fake-xhr';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const APNEA_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f09';
const buildDisability = () => ({
  id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01',
  title: 'Left knee strain',
  diagnostic_code: null,
  classification_code: null,
  side_of_body: null,
  diagnosis: null,
  claim_type: null,
  veteran_id: null,
  percent: null,
  wizard_step: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
});

/** The pages' code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };

/** A pasted letter long enough for the contract (at least 200 characters). */
const PASTED =
  'DEPARTMENT OF VETERANS AFFAIRS\nMarch 3, 2026\nWe made a decision on your VA benefits. ' +
  'Service connection for tinnitus is granted with an evaluation of 10 percent effective March 1, 2026. '.repeat(
    3,
  );

describe('decision letters', { timeout: 30_000 }, () => {
  it('/decision-letter: a pasted letter is sent to be read and its page follows the reading', async () => {
    const processing = buildLetter({
      status: 'processing',
      progress: 40,
      decisions: [],
      deadlines: [],
      letter_date: null,
    });
    const { api } = mockSignedIn({
      routes: {
        'POST /decision-letters': json({ id: LETTER_ID, status: 'queued' }, 202),
        [`GET /decision-letters/${LETTER_ID}`]: json(processing),
      },
    });
    renderApp({ path: '/decision-letter' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Decision Letter Analyzer' },
        FIRST_LOAD,
      ),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Paste its text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read this letter' }));
    expect(
      await screen.findByText('Paste the whole letter (at least 200 characters)'),
    ).toBeVisible();
    expect(api.calls('POST', '/decision-letters')).toHaveLength(0);

    const field = screen.getByRole('textbox', { name: 'The letter’s text' });
    await userEvent.click(field);
    await userEvent.paste(PASTED);
    await userEvent.click(screen.getByRole('button', { name: 'Read this letter' }));

    expect(await screen.findByText('Reading your letter…', {}, FIRST_LOAD)).toBeVisible();
    expect(api.calls('POST', '/decision-letters')[0]?.body).toEqual({ text: PASTED.trim() });
    expect(screen.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    // The reading finishes while the veteran watches: the results open by themselves.
    api.use({ [`GET /decision-letters/${LETTER_ID}`]: json(buildLetter()) });
    expect(
      await screen.findByRole('heading', { name: 'What VA decided' }, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('/decision-letter: the month’s limit opens "Decision Letter Limit Reached"', async () => {
    mockSignedIn({
      routes: {
        'POST /decision-letters': apiError(403, ERR.FORBIDDEN, {
          detail: 'decision letter quota reached',
          quota: {
            feature: 'decision_letters',
            used: 1,
            limit: 1,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        }),
      },
    });
    renderApp({ path: '/decision-letter' });
    await screen.findByRole('heading', { level: 1, name: 'Decision Letter Analyzer' }, FIRST_LOAD);
    await userEvent.click(screen.getByRole('tab', { name: 'Paste its text' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'The letter’s text' }));
    await userEvent.paste(PASTED);
    await userEvent.click(screen.getByRole('button', { name: 'Read this letter' }));
    const dialog = await screen.findByRole('dialog', {}, FIRST_LOAD);
    expect(
      within(dialog).getByRole('heading', { name: 'Decision Letter Limit Reached' }),
    ).toBeVisible();
  });

  it('/decision-letter: an uploaded letter the month’s limit refuses is not kept', async () => {
    const { api } = mockSignedIn({
      routes: {
        ...vaultApi().routes,
        'POST /decision-letters': apiError(403, ERR.FORBIDDEN, {
          detail: 'decision letter quota reached',
          quota: {
            feature: 'decision_letters',
            used: 1,
            limit: 1,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        }),
      },
    });
    installFakeXhr({ autoRespond: (request) => request.respond({ etag: '"x"' }) });
    renderApp({ path: '/decision-letter' });
    await screen.findByRole('heading', { level: 1, name: 'Decision Letter Analyzer' }, FIRST_LOAD);
    const file = new File(['%PDF-1.7 a letter'], 'decision.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Choose your letter'), file);
    const dialog = await screen.findByRole('dialog', {}, FIRST_LOAD);
    expect(
      within(dialog).getByRole('heading', { name: 'Decision Letter Limit Reached' }),
    ).toBeVisible();
    expect(api.calls('POST', '/decision-letters')[0]?.body).toEqual({ file_id: UPLOAD_ID });
    await waitFor(() => expect(api.calls('DELETE', `/uploads/${UPLOAD_ID}`)).toHaveLength(1));
  });

  it('/decision-letters/{id}/results: decisions, what was missing, the next level, the math and the deadlines', async () => {
    const letter = buildLetter();
    mockSignedIn({
      routes: {
        ...lettersApi([letter]),
        'GET /disabilities': json({
          results: [{ ...buildDisability(), id: APNEA_ID, title: 'Sleep apnea' }],
          meta: { page: 1, page_size: 100, total: 1 },
        }),
      },
    });
    renderApp({ path: `/decision-letters/${LETTER_ID}/results` });
    expect(
      await screen.findByRole('heading', { name: 'What VA decided' }, FIRST_LOAD),
    ).toBeVisible();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Increased',
      'Granted',
      'Denied',
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(
      'Posttraumatic stress disorder',
    );
    expect(rows[0]).toHaveTextContent('30% → 50%');

    const ptsd = screen.getByRole('article', { name: 'Posttraumatic stress disorder' });
    // The section was amended after the quoted text: the quote is labelled as the old one.
    expect(
      within(ptsd).getByRole('heading', { name: 'What 70% asked in the 2019 rating schedule' }),
    ).toBeVisible();
    expect(ptsd).toHaveTextContent('38 CFR 4.130, DC 9411');
    expect(ptsd).toHaveTextContent(/VA changed this section on August 10, 2021/);
    expect(
      within(ptsd).getByRole('link', { name: 'Read the current rule on eCFR' }),
    ).toHaveAttribute('href', 'https://www.ecfr.gov/current/title-38/chapter-I/part-4');
    const apnea = screen.getByRole('article', { name: 'Sleep apnea' });
    expect(within(apnea).getByText('A medical link to service (nexus)')).toBeVisible();

    // 50 and 10 combine to 55, which rounds to 60; the letter states 50 (a rating ended or missed).
    const math = screen.getByRole('region', { name: 'How the ratings combine' });
    expect(math).toHaveTextContent('These ratings combine to 60%.');
    expect(math).toHaveTextContent('The letter states a combined rating of 50%.');

    const deadlines = screen.getByRole('region', { name: 'Deadlines' });
    expect(within(deadlines).getAllByText(/\d+ days left/)).toHaveLength(3);
    // The denial's nexus letter starts on its disability, once recorded.
    expect(
      await within(screen.getByRole('region', { name: 'What you can do next' })).findByRole(
        'link',
        { name: 'Draft a nexus letter for Sleep apnea' },
      ),
    ).toHaveAttribute('href', `/nexus/new?disability=${APNEA_ID}`);
  });

  it('/decision-letters/{id}/results: a review form downloads for the decisions chosen', async () => {
    const createObjectURL = vi.fn(() => 'blob:form');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = mockSignedIn({
      routes: {
        ...lettersApi([buildLetter()]),
        [`GET /decision-letters/${LETTER_ID}/review-forms/supplemental-claim`]: () =>
          new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="VA-20-0995-supplemental-claim.pdf"',
            },
          }),
      },
    });
    renderApp({ path: `/decision-letters/${LETTER_ID}/results` });
    await screen.findByRole('heading', { name: 'What you can do next' }, FIRST_LOAD);
    // The denial is chosen at first; the knee is added.
    expect(screen.getByRole('checkbox', { name: 'Sleep apnea' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Left knee strain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download 20-0995 filled in' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = api.calls(
      'GET',
      `/decision-letters/${LETTER_ID}/review-forms/supplemental-claim`,
    );
    expect(request?.url.searchParams.get('decisions')).toBe('1,2');
  });

  it('/decision-letters/{id}/results: a decision’s condition is added to the disabilities in one click', async () => {
    const { api } = mockSignedIn({
      routes: {
        ...lettersApi([buildLetter()]),
        'GET /disabilities': json({
          results: [
            {
              id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01',
              title: 'Left knee strain',
              diagnostic_code: null,
              classification_code: null,
              side_of_body: null,
              diagnosis: null,
              claim_type: null,
              veteran_id: null,
              percent: null,
              wizard_step: null,
              created_at: '2026-11-01T12:00:00.000Z',
              updated_at: '2026-11-01T12:00:00.000Z',
            },
          ],
          meta: { page: 1, page_size: 100, total: 1 },
        }),
        'POST /disabilities': (request) =>
          json(
            {
              id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02',
              ...(request.body as object),
              classification_code: null,
              side_of_body: null,
              diagnosis: null,
              veteran_id: null,
              wizard_step: null,
              created_at: '2026-11-26T12:00:00.000Z',
              updated_at: '2026-11-26T12:00:00.000Z',
            },
            201,
          ),
      },
    });
    renderApp({ path: `/decision-letters/${LETTER_ID}/results` });
    const knee = await screen.findByRole('article', { name: 'Left knee strain' }, FIRST_LOAD);
    expect(
      await within(knee).findByRole('link', { name: 'open Left knee strain' }),
    ).toHaveAttribute('href', '/disabilities/5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01');
    const ptsd = screen.getByRole('article', { name: 'Posttraumatic stress disorder' });
    await userEvent.click(within(ptsd).getByRole('button', { name: 'Add to my disabilities' }));
    await waitFor(() => expect(api.calls('POST', '/disabilities')).toHaveLength(1));
    expect(api.calls('POST', '/disabilities')[0]?.body).toEqual({
      title: 'Posttraumatic stress disorder',
      diagnostic_code: '9411',
      percent: 50,
    });
  });

  it('/decision-letters: each letter with its state; a failed one says why; deleting asks first', async () => {
    const failed = buildLetter({
      id: '7e000000-0000-4000-8000-000000000002',
      status: 'failed',
      error: 'No text could be read from this letter.',
      decisions: [],
      letter_date: null,
      combined_rating: null,
      deadlines: [],
    });
    const { api } = mockSignedIn({
      routes: {
        ...lettersApi([buildLetter(), failed]),
        [`DELETE /decision-letters/${failed.id}`]: new Response(null, { status: 204 }),
      },
    });
    renderApp({ path: '/decision-letters' });
    const list = await screen.findByRole('list', { name: 'Your decision letters' }, FIRST_LOAD);
    const [read, unread] = within(list).getAllByRole('listitem');
    expect(read).toHaveTextContent('3 decisions found · combined rating 50%');
    expect(within(read!).getByRole('link')).toHaveAttribute(
      'href',
      `/decision-letters/${LETTER_ID}/results`,
    );
    expect(unread).toHaveTextContent('Could not be read');
    expect(unread).toHaveTextContent('No text could be read from this letter.');

    await userEvent.click(within(unread!).getByRole('button', { name: /Delete letter/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this letter?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete letter' }));
    await waitFor(() =>
      expect(api.calls('DELETE', `/decision-letters/${failed.id}`)).toHaveLength(1),
    );
  });

  it('/dashboard: the latest letter and its next deadline, and the deadlines panel', async () => {
    mockSignedIn({
      routes: {
        ...lettersApi([buildLetter()]),
        // The deadline guardian counts the letter's review deadline.
        'GET /deadlines': json({
          today: '2026-11-26',
          time_zone: 'America/New_York',
          deadlines: [
            {
              key: `decision_review:${LETTER_ID}:2027-03-10`,
              kind: 'decision_review',
              title:
                'Ask VA to review the decision of March 10, 2026 (Supplemental Claim, Higher-Level Review or Board Appeal)',
              due_on: '2027-03-10',
              days_left: 104,
              opens_on: null,
              path: `/decision-letters/${LETTER_ID}/results`,
            },
          ],
          intent_to_file: null,
        }),
      },
    });
    renderApp({ path: '/dashboard' });
    const latest = await screen.findByRole(
      'region',
      { name: 'Latest decision letter' },
      FIRST_LOAD,
    );
    expect(await within(latest).findByText(/Next deadline:/)).toBeVisible();
    expect(latest).toHaveTextContent(/\d+ days left/);
    const deadlines = screen.getByRole('region', { name: 'Next deadlines' });
    expect(
      await within(deadlines).findByRole('link', {
        name: /Supplemental Claim, Higher-Level Review or Board Appeal/,
      }),
    ).toHaveAttribute('href', `/decision-letters/${LETTER_ID}/results`);
  });

  it('an unknown letter answers "We could not find this letter"', async () => {
    mockSignedIn();
    renderApp({ path: '/decision-letters/not-a-letter/results' });
    expect(await screen.findByText('We could not find this letter', {}, FIRST_LOAD)).toBeVisible();
  });
});
