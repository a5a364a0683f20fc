import { ERR } from '@muster/contract/errors';
import type { IntentToFileState } from '@muster/contract/intent-to-file';
import type { Va526Submission, Validate526Result } from '@muster/contract/va-forms';
import { VA_AUTH_EXPIRED_DETAIL } from '@muster/contract/va-integrations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };

function itfState(overrides: Partial<IntentToFileState> = {}): IntentToFileState {
  return {
    va_configured: true,
    intent_to_file: null,
    va_active: null,
    va_connected: true,
    can_access_526ez: true,
    ...overrides,
  };
}

const ATTRIBUTES = {
  claimProcessType: 'STANDARD_CLAIM_PROCESS',
  claimantCertification: true,
  veteranIdentification: {
    veteranNumber: { telephone: '3125550100' },
    mailingAddress: {
      addressLine1: '12 Oak St',
      city: 'Chicago',
      state: 'IL',
      country: 'USA',
      zipFirstFive: '60610',
    },
    emailAddress: { email: 'jordan.reyes@example.com' },
  },
  serviceInformation: {
    servicePeriods: [
      {
        serviceBranch: 'Marine Corps',
        serviceComponent: 'Active',
        activeDutyBeginDate: '1999-06-01',
        activeDutyEndDate: '2007-05-31',
      },
    ],
  },
  disabilities: [
    {
      name: 'Knee strain, left',
      disabilityActionType: 'NEW',
      classificationCode: '8997',
      diagnosticCode: 5260,
      serviceRelevance: 'Fell from a truck',
      secondaryDisabilities: [{ name: 'Hip pain', disabilityActionType: 'SECONDARY' }],
    },
  ],
  treatments: [
    {
      beginDate: '2008-02',
      treatedDisabilityNames: ['Knee strain, left'],
      center: { name: 'Jesse Brown VA Medical Center' },
    },
  ],
};

function validation(errors: Record<string, string> = {}): Validate526Result {
  return { payload: { data: { type: 'form/526', attributes: ATTRIBUTES } }, errors };
}

const SUBMITTED: Va526Submission = {
  id: '7b1c2f43-7f9e-4a58-9d2c-0c8f6f1b9e01',
  claim_id: null,
  va_claim_id: '600500123',
  status: 'submitted',
  error: null,
  submitted_at: '2026-11-26T14:00:00.000Z',
  updated_at: '2026-11-26T14:00:00.000Z',
};

function routes(
  overrides: {
    state?: IntentToFileState;
    errors?: Record<string, string>;
    submissions?: Va526Submission[];
  } = {},
) {
  return {
    'GET /va-forms/intent-to-file': json(overrides.state ?? itfState()),
    'POST /va-forms/526ez/validate': json(validation(overrides.errors)),
    'GET /claims': json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
    'GET /va-forms/526ez/submissions': json({ results: overrides.submissions ?? [] }),
  };
}

describe('VA Form 21-526EZ', { timeout: 30_000 }, () => {
  it('shows the application prefilled from the records, step by step', async () => {
    mockSignedIn({ routes: routes() });
    renderApp({ path: '/va-forms/526ez' });
    const steps = await screen.findByRole('navigation', { name: 'Form steps' }, FIRST_LOAD);
    expect(within(steps).getByRole('link', { name: '1. Claim' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(await screen.findByRole('combobox', { name: 'Claim' })).toHaveValue('all');

    await userEvent.click(within(steps).getByRole('link', { name: '2. About you' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 5: About you' })).toBeVisible();
    expect(within(steps).getByRole('link', { name: '2. About you' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByText('12 Oak St, Chicago, IL 60610, USA')).toBeVisible();
    expect(screen.getByText('3125550100')).toBeVisible();
    expect(screen.getByText('jordan.reyes@example.com')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit your veteran record' })).toHaveAttribute(
      'href',
      '/veterans',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next: Service' }));
    expect(
      await screen.findByText('Marine Corps (Active), 1999-06-01 to 2007-05-31'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Next: Disabilities' }));
    expect(await screen.findByRole('heading', { name: 'Knee strain, left' })).toBeVisible();
    expect(screen.getByText('8997 / 5260')).toBeVisible();
    expect(screen.getByText('Hip pain')).toBeVisible();
    expect(screen.getByText('Jesse Brown VA Medical Center, since 2008-02')).toBeVisible();
  });

  it('shows each error on its field in its step, with a way there and to the record', async () => {
    const zip = 'Add your 5-digit ZIP code in your veteran record';
    mockSignedIn({
      routes: routes({
        errors: {
          'veteranIdentification.mailingAddress.zipFirstFive': zip,
          'veteranIdentification.currentVaEmployee':
            'Tell us whether you work for VA (VA’s form asks every veteran)',
        },
      }),
    });
    renderApp({ path: '/va-forms/526ez?step=review' });
    expect(
      await screen.findByRole(
        'heading',
        { name: '2 things to fix before VA will accept it' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit my claim to VA' })).toBeDisabled();
    expect(
      screen.getByRole('group', { name: 'Are you a current VA employee?' }),
    ).toHaveAccessibleDescription('Tell us whether you work for VA (VA’s form asks every veteran)');
    expect(screen.getByRole('link', { name: 'Fix it in your veteran record' })).toHaveAttribute(
      'href',
      '/veterans',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go to About you' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 5: About you' })).toBeVisible();
    // The address carries its error as its description.
    expect(screen.getByText('12 Oak St, Chicago, IL 60610, USA')).toHaveAccessibleDescription(zip);
    expect(screen.getByRole('link', { name: /2\. About you, 1 to fix/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('without an Intent to File, Submit is disabled and says what is missing', async () => {
    mockSignedIn({ routes: routes({ state: itfState({ can_access_526ez: false }) }) });
    renderApp({ path: '/va-forms/526ez?step=review' });
    await userEvent.click(await screen.findByRole('radio', { name: 'No' }, FIRST_LOAD));
    expect(screen.getByRole('button', { name: 'Submit my claim to VA' })).toBeDisabled();
    expect(
      screen.getByText('Have an active Intent to File with VA.', { exact: false }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'File an Intent to File' })).toHaveAttribute(
      'href',
      '/va-forms/intent-to-file',
    );
    expect(screen.queryByRole('link', { name: 'Connect VA.gov' })).toBeNull();
  });

  it('not connected, it links to connecting VA.gov; not configured, it offers the summary only', async () => {
    const { api } = mockSignedIn({
      routes: routes({ state: itfState({ va_connected: false, can_access_526ez: false }) }),
    });
    const { unmount } = renderApp({ path: '/va-forms/526ez?step=review' });
    expect(await screen.findByRole('link', { name: 'Connect VA.gov' }, FIRST_LOAD)).toHaveAttribute(
      'href',
      '/va-forms',
    );
    unmount();
    api.use({
      'GET /va-forms/intent-to-file': json(
        itfState({ va_configured: false, va_connected: false, can_access_526ez: false }),
      ),
    });
    renderApp({ path: '/va-forms/526ez?step=review' });
    expect(
      await screen.findByText('Filing from Muster is not available here.', {}, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit my claim to VA' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Download summary — not for filing (PDF)' }),
    ).toBeVisible();
  });

  it('submits and shows VA’s claim id with a link to follow it; VA’s field errors land on fields', async () => {
    let refuse = true;
    const { api } = mockSignedIn({
      routes: {
        ...routes(),
        'POST /va-forms/526ez/submit': () =>
          refuse
            ? apiError(422, ERR.UNABLE_TO_COMPLETE, {
                detail: 'VA refused some answers on the claim.',
                fields: {
                  'veteranIdentification.veteranNumber':
                    'Add your 10-digit US phone number in your veteran record',
                },
              })
            : json(SUBMITTED, 201),
      },
    });
    renderApp({ path: '/va-forms/526ez?step=review' });
    await userEvent.click(await screen.findByRole('radio', { name: 'No' }, FIRST_LOAD));
    const submit = screen.getByRole('button', { name: 'Submit my claim to VA' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(
      await screen.findByText('Add your 10-digit US phone number in your veteran record'),
    ).toBeVisible();
    expect(api.calls('POST', '/va-forms/526ez/submit')[0]?.body).toEqual({
      current_va_employee: false,
    });

    refuse = false;
    api.use({ 'GET /va-forms/526ez/submissions': json({ results: [SUBMITTED] }) });
    await userEvent.click(screen.getByRole('button', { name: 'Go to About you' }));
    expect(screen.getByText('3125550100')).toHaveAccessibleDescription(
      'Add your 10-digit US phone number in your veteran record',
    );
    await userEvent.click(screen.getByRole('link', { name: /5\. Review & submit/ }));
    // VA's refusal stands until the veteran sends again.
    await userEvent.click(await screen.findByRole('radio', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'Submit my claim to VA' })).toBeDisabled();
  });

  it('a successful submit shows VA’s claim id, which stays listed', async () => {
    const { api } = mockSignedIn({
      routes: { ...routes(), 'POST /va-forms/526ez/submit': json(SUBMITTED, 201) },
    });
    renderApp({ path: '/va-forms/526ez?step=review' });
    await userEvent.click(await screen.findByRole('radio', { name: 'No' }, FIRST_LOAD));
    api.use({ 'GET /va-forms/526ez/submissions': json({ results: [SUBMITTED] }) });
    const submit = screen.getByRole('button', { name: 'Submit my claim to VA' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('VA received your claim. VA claim id: 600500123')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Follow your claim at VA' })).toHaveAttribute(
      'href',
      '/va-forms/claims/600500123',
    );
    const sent = await screen.findByRole('region', { name: 'Sent to VA' });
    expect(within(sent).getByText('VA claim 600500123')).toBeVisible();
    expect(within(sent).getByRole('link', { name: 'Follow this claim at VA' })).toHaveAttribute(
      'href',
      '/va-forms/claims/600500123',
    );
  });

  it.each([
    { label: 'VA.gov down (502)', answer: () => apiError(502, ERR.BAD_GATEWAY) },
    { label: 'VA.gov busy (503)', answer: () => apiError(503, ERR.SERVICE_UNAVAILABLE) },
  ])(
    '$label: every step and the summary still work; only Submit waits, in the review step',
    async ({ answer }) => {
      const { api } = mockSignedIn({
        routes: { ...routes(), 'GET /va-forms/intent-to-file': answer },
      });
      renderApp({ path: '/va-forms/526ez?step=about' });
      expect(
        await screen.findByRole('heading', { name: 'Step 2 of 5: About you' }, FIRST_LOAD),
      ).toBeVisible();
      expect(screen.getByText('12 Oak St, Chicago, IL 60610, USA')).toBeVisible();
      expect(screen.queryByText('We could not build your application')).toBeNull();

      await userEvent.click(screen.getByRole('link', { name: /5\. Review & submit/ }));
      const notice = await screen.findByText(
        'VA.gov is not answering right now; you can still review your application and download the summary.',
        {},
        FIRST_LOAD,
      );
      expect(notice).toBeVisible();
      await userEvent.click(screen.getByRole('radio', { name: 'No' }));
      expect(screen.getByRole('button', { name: 'Submit my claim to VA' })).toBeDisabled();
      expect(
        screen.getByRole('button', { name: 'Download summary — not for filing (PDF)' }),
      ).toBeEnabled();
      expect(screen.getByText('VA’s rules accept everything on this claim.')).toBeVisible();

      // Once VA answers again, asking again by hand allows Submit.
      api.use({ 'GET /va-forms/intent-to-file': json(itfState()) });
      await userEvent.click(screen.getByRole('button', { name: 'Check VA.gov again' }));
      const submit = screen.getByRole('button', { name: 'Submit my claim to VA' });
      await waitFor(() => expect(submit).toBeEnabled(), FIRST_LOAD);
      expect(screen.queryByText(/VA\.gov is not answering right now/)).toBeNull();
    },
  );

  it('a VA.gov sign-in that ended (403) is asked once, offers to connect again, and Submit waits', async () => {
    const { api } = mockSignedIn({
      routes: {
        ...routes(),
        'GET /va-forms/intent-to-file': () =>
          apiError(403, ERR.ACCESS_DENIED, { detail: VA_AUTH_EXPIRED_DETAIL }),
      },
    });
    renderApp({ path: '/va-forms/526ez' });
    const steps = await screen.findByRole('navigation', { name: 'Form steps' }, FIRST_LOAD);
    for (const name of ['2. About you', '3. Service', '4. Disabilities', '1. Claim']) {
      await userEvent.click(within(steps).getByRole('link', { name }));
    }
    await userEvent.click(within(steps).getByRole('link', { name: /5\. Review & submit/ }));
    expect(
      await screen.findByText('Your VA.gov sign-in has ended', { exact: false }, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Connect VA.gov' })).toHaveAttribute(
      'href',
      '/va-forms',
    );
    expect(screen.getByRole('button', { name: 'Submit my claim to VA' })).toBeDisabled();
    // A refusal does not change by asking again: it is asked once, not retried.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.calls('GET', '/va-forms/intent-to-file')).toHaveLength(1);
  });
});
