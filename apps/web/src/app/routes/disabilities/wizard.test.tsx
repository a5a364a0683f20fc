import { ANSWER_STEPS, type AnswerStep, type Disability } from '@muster/contract/disabilities';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ERR } from '@muster/contract/errors';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const KNEE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const PTSD_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02';

const KNEE = buildDisability({
  id: KNEE_ID,
  title: 'Knee strain, left',
  classification_code: '8997',
  diagnostic_code: '5260',
  claim_type: 'direct',
});
const PTSD = buildDisability({
  id: PTSD_ID,
  title: 'PTSD (post-traumatic stress disorder)',
  classification_code: '8989',
  diagnostic_code: '9411',
  claim_type: 'direct',
});

const emptyPage = () => json({ results: [], meta: { page: 1, page_size: 100, total: 0 } });

/** The wizard's calls for one disability, keeping what is saved like the API does. */
function wizardApi(initial: Disability) {
  let disability = initial;
  const answers = new Map<string, unknown>();
  const base = `/disabilities/${initial.id}`;
  const stepRoutes = (step: AnswerStep) => ({
    [`GET ${base}/answers/${step}`]: () =>
      json({ step, answers: answers.get(step) ?? null, updated_at: null }),
    [`PUT ${base}/answers/${step}`]: (request: ApiRequest) => {
      answers.set(step, request.body);
      return json({ step, answers: request.body, updated_at: '2026-11-25T10:00:00.000Z' });
    },
  });
  return {
    answers,
    current: () => disability,
    routes: {
      [`GET ${base}`]: () => json(disability),
      [`PATCH ${base}`]: (request: ApiRequest) => {
        disability = { ...disability, ...(request.body as Partial<Disability>) };
        return json(disability);
      },
      [`GET ${base}/answers`]: () =>
        json({
          results: ANSWER_STEPS.map((step) => ({
            step,
            answers: answers.get(step) ?? null,
            updated_at: null,
          })),
        }),
      [`GET ${base}/exposures`]: emptyPage,
      [`GET ${base}/treatments`]: emptyPage,
      ...stepRoutes('military-symptoms'),
      ...stepRoutes('post-military-symptoms'),
      ...stepRoutes('flare-ups'),
      ...stepRoutes('professional-impacts'),
      ...stepRoutes('social-impacts'),
    },
  };
}

// Each test loads the wizard's lazy pages and types with real delays: more than the default 5 s.
describe('the disability wizard', { timeout: 20_000 }, () => {
  it('counts only the pages that apply: a knee has 9, and no trauma pages', async () => {
    mockSignedIn({ routes: wizardApi(KNEE).routes });
    renderApp({ path: `/disabilities/${KNEE_ID}/flare-ups` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Flare-ups' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByText('Step 4 of 9')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Progress: step 4 of 9' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Pages of questions' });
    expect(within(list).queryByRole('link', { name: 'Traumatic events' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Flare-ups' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.queryByRole('complementary', { name: 'Veterans Crisis Line' })).toBeNull();
    // Why VA asks: a knee is rated on motion, including during flare-ups.
    expect(screen.getByRole('complementary', { name: 'Why VA asks this' })).toHaveTextContent(
      /motion/i,
    );
  });

  it('autosaves a step a moment after typing, says so, and keeps it on return', async () => {
    const api = wizardApi(KNEE);
    const { api: calls } = mockSignedIn({ routes: api.routes });
    const user = userEvent.setup();
    const first = renderApp({ path: `/disabilities/${KNEE_ID}/flare-ups` });

    await user.click(await screen.findByRole('radio', { name: 'Yes' }, { timeout: 5_000 }));
    await user.type(
      await screen.findByRole('textbox', { name: 'What can you not do during a flare-up?' }),
      'Cannot walk more than a block',
    );
    await waitFor(
      () =>
        expect(api.answers.get('flare-ups')).toEqual({
          has_flare_ups: true,
          limitations: 'Cannot walk more than a block',
        }),
      { timeout: 3_000 },
    );
    await waitFor(() => expect(screen.getByText(/^Saved at /)).toBeVisible());
    // One PUT per pause, not one per keystroke.
    expect(calls.calls('PUT', `/disabilities/${KNEE_ID}/answers/flare-ups`).length).toBeLessThan(4);
    // The page is remembered for resuming.
    await waitFor(() => expect(api.current().wizard_step).toBe('flare-ups'));
    first.unmount();

    renderApp({ path: `/disabilities/${KNEE_ID}/flare-ups` });
    expect(
      await screen.findByRole('textbox', { name: 'What can you not do during a flare-up?' }),
    ).toHaveValue('Cannot walk more than a block');
  });

  it('moves on with Save and continue, and back', async () => {
    mockSignedIn({ routes: wizardApi(KNEE).routes });
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/disabilities/${KNEE_ID}/post-military-symptoms` });
    await user.click(
      await screen.findByRole('button', { name: 'Save and continue' }, { timeout: 5_000 }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/disabilities/${KNEE_ID}/flare-ups`),
    );
    await screen.findByRole('heading', { level: 1, name: 'Flare-ups' });
    await screen.findByRole('textbox', { name: /What can you not do/ }).catch(() => null);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/disabilities/${KNEE_ID}/post-military-symptoms`,
      ),
    );
  });

  it('does not move on while an answer is invalid, and says why', async () => {
    mockSignedIn({ routes: wizardApi(KNEE).routes });
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/disabilities/${KNEE_ID}/military-symptoms` });
    const date = await screen.findByLabelText('When did they start?', {}, { timeout: 5_000 });
    await user.type(date, '2999-01-01');
    expect(await screen.findByText('Must not be in the future')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Correct the answer marked/);
    expect(router.state.location.pathname).toBe(`/disabilities/${KNEE_ID}/military-symptoms`);
  });

  it('leaving by a link saves first, and stays with the reason when it cannot', async () => {
    const api = wizardApi(KNEE);
    mockSignedIn({ routes: api.routes });
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/disabilities/${KNEE_ID}/social-impacts` });
    const field = await screen.findByRole(
      'textbox',
      { name: 'How does the condition affect your daily life?' },
      { timeout: 5_000 },
    );
    // Typed, then a link at once: the answer is saved before the page goes.
    await user.type(field, 'No more hikes');
    await user.click(screen.getByText(/All questions/));
    await user.click(screen.getByRole('link', { name: 'Flare-ups' }));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/disabilities/${KNEE_ID}/flare-ups`),
      { timeout: 5_000 },
    );
    expect(api.answers.get('social-impacts')).toEqual({ description: 'No more hikes' });

    // An answer that cannot be saved keeps the veteran on the page, told why.
    await screen.findByRole('heading', { level: 1, name: 'Flare-ups' });
    await user.click(screen.getByRole('link', { name: 'Symptoms during service' }));
    const date = await screen.findByLabelText('When did they start?', {}, { timeout: 5_000 });
    await user.type(date, '2999-01-01');
    await user.click(screen.getByRole('link', { name: 'Treatment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Correct the answer marked/);
    expect(router.state.location.pathname).toBe(`/disabilities/${KNEE_ID}/military-symptoms`);
  });

  it('a refused answer shows the server’s reason under its field, and is not retried', async () => {
    const api = wizardApi(KNEE);
    const { api: calls } = mockSignedIn({
      routes: {
        ...api.routes,
        [`PUT /disabilities/${KNEE_ID}/answers/social-impacts`]: () =>
          apiError(400, ERR.INVALID_INPUT, { fields: { relationships: 'Not allowed here' } }),
      },
    });
    const user = userEvent.setup();
    renderApp({ path: `/disabilities/${KNEE_ID}/social-impacts` });
    await user.type(
      await screen.findByRole(
        'textbox',
        { name: 'Family, friends and relationships' },
        { timeout: 5_000 },
      ),
      'x',
    );
    expect(await screen.findByText('Not allowed here', {}, { timeout: 5_000 })).toBeVisible();
    expect(calls.calls('PUT', `/disabilities/${KNEE_ID}/answers/social-impacts`)).toHaveLength(1);
  });

  it('a PTSD claim shows the crisis line, skip and pause on its trauma pages', async () => {
    const api = wizardApi(PTSD);
    mockSignedIn({
      routes: {
        ...api.routes,
        [`GET /disabilities/${PTSD_ID}/mental-health-conditions`]: emptyPage,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp({ path: `/disabilities/${PTSD_ID}/trauma-events` });
    const crisis = await screen.findByRole(
      'complementary',
      { name: 'Veterans Crisis Line' },
      { timeout: 5_000 },
    );
    expect(within(crisis).getByRole('link', { name: '988, then press 1' })).toHaveAttribute(
      'href',
      'tel:988',
    );
    expect(within(crisis).getByRole('link', { name: '838255' })).toHaveAttribute(
      'href',
      'sms:838255',
    );
    expect(screen.getByText('Step 8 of 13')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Skip this page' }));
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(`/disabilities/${PTSD_ID}/trauma-behaviors`),
      { timeout: 5_000 },
    );
    await screen.findByRole('heading', { level: 1, name: 'Changes in behavior' });
    await user.click(screen.getByRole('button', { name: 'Take a break' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/disabilities/${PTSD_ID}`), {
      timeout: 5_000,
    });
  });

  it('an id that names no disability says so under the page’s heading', async () => {
    mockSignedIn();
    renderApp({ path: '/disabilities/example-id/flare-ups' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Flare-ups' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByText('We could not find this disability')).toBeVisible();
  });

  it('the disability page resumes where the veteran left off', async () => {
    const api = wizardApi({ ...KNEE, wizard_step: 'treatments' });
    api.answers.set('flare-ups', { has_flare_ups: false });
    mockSignedIn({ routes: { ...api.routes, 'GET /veterans': emptyPage } });
    renderApp({ path: `/disabilities/${KNEE_ID}` });
    expect(
      await screen.findByRole('link', { name: 'Continue: Treatment' }, { timeout: 5_000 }),
    ).toHaveAttribute('href', `/disabilities/${KNEE_ID}/treatments`);
    // Answers so far (the type and the flare-ups), and what a rater would still look for.
    expect(await screen.findByText('2 of 7 pages of questions answered')).toBeVisible();
    const missing = screen.getByRole('region', { name: 'What your claim still lacks' });
    expect(within(missing).getByRole('link', { name: 'What happened in service' })).toHaveAttribute(
      'href',
      `/disabilities/${KNEE_ID}/military-symptoms`,
    );
    expect(within(missing).queryByText('Whether the condition flares up')).toBeNull();
  });
});
