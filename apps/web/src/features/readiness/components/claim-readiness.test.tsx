import { readinessSchema, readinessSummarySchema } from '@muster/contract/readiness';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };
const KNEE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
const EARS_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02';
const BASE = `/disabilities/${KNEE_ID}`;
const emptyPage = json({ results: [], meta: { page: 1, page_size: 100, total: 0 } });

const NEXUS_STEP = {
  action: 'nexus_letter' as const,
  text: 'Ask your doctor for a letter linking your knee to the ruck march.',
  path: null,
};

const KNEE_READINESS = readinessSchema.parse({
  disability_id: KNEE_ID,
  ready: false,
  basis: 'direct',
  elements: [
    {
      element: 'diagnosis',
      status: 'met',
      supports: ['Diagnosis recorded: 5260'],
      next_step: null,
    },
    {
      element: 'in_service',
      status: 'weak',
      supports: ['Your account of the ruck march'],
      next_step: {
        action: 'add_service_records',
        text: 'Add the sick-call record from 2009.',
        path: `${BASE}/military-symptoms`,
      },
    },
    { element: 'nexus', status: 'missing', supports: [], next_step: NEXUS_STEP },
  ],
  next_step: {
    action: 'describe_in_service_event',
    text: 'Say what happened in service.',
    path: `${BASE}/military-symptoms`,
  },
});

describe('claim readiness', { timeout: 30_000 }, () => {
  it('shows each element with its status in words, what supports it, and the next step as a link', async () => {
    mockSignedIn({
      routes: {
        [`GET ${BASE}`]: json(buildDisability({ id: KNEE_ID, title: 'Knee strain, left' })),
        [`GET ${BASE}/answers`]: json({ results: [] }),
        [`GET ${BASE}/treatments`]: emptyPage,
        [`GET ${BASE}/exposures`]: emptyPage,
        [`GET ${BASE}/readiness`]: json(KNEE_READINESS),
        'GET /veterans': json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
      },
    });
    renderApp({ path: BASE });
    const panel = await screen.findByRole('region', { name: 'Claim readiness' }, FIRST_LOAD);
    expect(await within(panel).findByText('1 of 3 met: not ready yet.')).toBeVisible();

    const items = within(panel).getAllByRole('heading', { level: 3 });
    expect(items.map((heading) => heading.textContent)).toEqual([
      'Current diagnosis',
      'In-service event or exposure',
      'Link to service',
      'Your next step',
    ]);
    const diagnosis = items[0]?.closest('li');
    expect(diagnosis).toHaveTextContent('Status: Met');
    expect(diagnosis).toHaveTextContent('Diagnosis recorded: 5260');
    expect(items[1]?.closest('li')).toHaveTextContent('Status: Weak');
    const nexus = items[2]?.closest('li');
    expect(nexus).toHaveTextContent('Status: Missing');
    expect(nexus).toHaveTextContent('Nothing recorded supports it yet.');
    expect(
      within(panel).getByRole('link', { name: 'Say what happened in service.' }),
    ).toHaveAttribute('href', `${BASE}/military-symptoms`);
  });

  it('counts ready conditions on the dashboard and lists what each other one needs', async () => {
    mockSignedIn({
      routes: {
        'GET /disabilities/readiness': json(
          readinessSummarySchema.parse({
            total: 2,
            ready: 1,
            results: [
              {
                disability_id: KNEE_ID,
                title: 'Knee strain, left',
                ready: false,
                met: 1,
                next_step: NEXUS_STEP,
              },
              { disability_id: EARS_ID, title: 'Tinnitus', ready: true, met: 3, next_step: null },
            ],
          }),
        ),
      },
    });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Claim readiness' }, FIRST_LOAD);
    expect(await within(panel).findByText('1 of 2 conditions ready')).toBeVisible();
    const list = within(panel).getByRole('list', { name: 'Not ready yet' });
    expect(within(list).getByRole('link', { name: 'Knee strain, left' })).toHaveAttribute(
      'href',
      BASE,
    );
    expect(list).toHaveTextContent(`Next: ${NEXUS_STEP.text}`);
    expect(within(list).queryByText('Tinnitus')).toBeNull();
  });

  it('points to adding a disability when there is none', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Claim readiness' }, FIRST_LOAD);
    expect(await within(panel).findByRole('link', { name: 'Add a disability' })).toHaveAttribute(
      'href',
      '/disabilities/new',
    );
  });
});
