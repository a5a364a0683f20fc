import { ERR } from '@muster/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  DOC_ID,
  KNEE_ID,
  SHARE_TOKEN,
  buildSharedItem,
  buildSharedView,
} from '@/features/vso/testing/vso-api';
import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockPublicPage } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };

/**
 * The shared knee MRI report as served the `served`-th time: its file link names that count, and
 * expires `expiresIn` milliseconds from now (already past when negative).
 */
function kneeMriReport(served: number, expiresIn: number) {
  return buildSharedItem({
    kind: 'document',
    id: DOC_ID,
    title: 'Knee MRI report',
    facts: [],
    sections: [],
    download: {
      url: `https://files.example/doc-${served}`,
      expires_at: new Date(Date.now() + expiresIn).toISOString(),
    },
  });
}

describe('/shared/{token}', { timeout: 30_000 }, () => {
  it('a representative reads the shared records; the token travels only in its header', async () => {
    const api = mockPublicPage({
      'GET /shared': json(buildSharedView()),
      [`GET /shared/items/disability/${KNEE_ID}`]: json(buildSharedItem()),
    });
    renderApp({ path: `/shared/${SHARE_TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shared records' }, FIRST_LOAD),
    ).toBeVisible();
    expect(
      await screen.findByText(/Maria shared these records with Disabled American Veterans/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Open Left knee strain' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Left knee strain' }),
    ).toBeVisible();
    expect(screen.getByText('Patellofemoral pain syndrome')).toBeVisible();
    expect(screen.getByText('My knee gives way on stairs.')).toBeVisible();

    const calls = [
      ...api.calls('GET', '/shared'),
      ...api.calls('GET', `/shared/items/disability/${KNEE_ID}`),
    ];
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers.get('x-share-token')).toBe(SHARE_TOKEN);
      expect(call.url.toString()).not.toContain(SHARE_TOKEN);
    }
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('an expired or revoked link says so plainly', async () => {
    mockPublicPage({ 'GET /shared': apiError(404, ERR.NOT_FOUND) });
    renderApp({ path: `/shared/${SHARE_TOKEN}` });
    expect(
      await screen.findByText('This link has expired or was revoked', undefined, FIRST_LOAD),
    ).toBeVisible();
  });

  it('a link of the wrong shape asks nothing of the API', async () => {
    const api = mockPublicPage({});
    renderApp({ path: '/shared/not-a-token' });
    expect(
      await screen.findByText('This link has expired or was revoked', undefined, FIRST_LOAD),
    ).toBeVisible();
    await waitFor(() => expect(api.calls('GET', '/shared')).toHaveLength(0));
    expect(api.calls('POST', '/auth/sign-in/anonymous')).toHaveLength(0);
  });

  it('the opened record takes the focus at its heading, and is not one big live region', async () => {
    mockPublicPage({
      'GET /shared': json(buildSharedView()),
      [`GET /shared/items/disability/${KNEE_ID}`]: json(buildSharedItem()),
    });
    renderApp({ path: `/shared/${SHARE_TOKEN}` });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open Left knee strain' }, FIRST_LOAD),
    );
    const heading = await screen.findByRole('heading', { level: 2, name: 'Left knee strain' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.querySelector('[aria-live] article')).toBeNull();
  });

  it('a document is asked again when opened again, for a file link that still works', async () => {
    let served = 0;
    const api = mockPublicPage({
      'GET /shared': json(buildSharedView()),
      [`GET /shared/items/disability/${KNEE_ID}`]: json(buildSharedItem()),
      [`GET /shared/items/document/${DOC_ID}`]: () => {
        served += 1;
        return json(kneeMriReport(served, 60_000));
      },
    });
    renderApp({ path: `/shared/${SHARE_TOKEN}` });
    const openDoc = await screen.findByRole('button', { name: 'Open Knee MRI report' }, FIRST_LOAD);
    await userEvent.click(openDoc);
    expect(
      await screen.findByRole('link', { name: /Open the file of Knee MRI report/ }),
    ).toHaveAttribute('href', 'https://files.example/doc-1');
    await userEvent.click(screen.getByRole('button', { name: 'Open Left knee strain' }));
    await screen.findByRole('heading', { level: 2, name: 'Left knee strain' });
    await userEvent.click(screen.getByRole('button', { name: 'Open Knee MRI report' }));
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: /Open the file of Knee MRI report/ }),
      ).toHaveAttribute('href', 'https://files.example/doc-2'),
    );
    // Opened again while open: asked again too.
    await userEvent.click(screen.getByRole('button', { name: 'Open Knee MRI report' }));
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: /Open the file of Knee MRI report/ }),
      ).toHaveAttribute('href', 'https://files.example/doc-3'),
    );
    expect(api.calls('GET', `/shared/items/document/${DOC_ID}`)).toHaveLength(3);
  });

  it('an expired file link is not offered; a new one is asked for', async () => {
    let served = 0;
    mockPublicPage({
      'GET /shared': json(buildSharedView()),
      [`GET /shared/items/document/${DOC_ID}`]: () => {
        served += 1;
        return json(kneeMriReport(served, served === 1 ? -1_000 : 60_000));
      },
    });
    renderApp({ path: `/shared/${SHARE_TOKEN}` });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open Knee MRI report' }, FIRST_LOAD),
    );
    expect(await screen.findByText('The file link has expired.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Open the file of/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Get a new file link' }));
    expect(
      await screen.findByRole('link', { name: /Open the file of Knee MRI report/ }),
    ).toHaveAttribute('href', 'https://files.example/doc-2');
  });
});
