import type { CreateVsoShare } from '@muster/contract/vso';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { AUD_ID, CFILE_ID, KNEE_ID, SHARE_TOKEN, vsoRoutes } from '@/features/vso/testing/vso-api';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };

describe('/link-vso', { timeout: 30_000 }, () => {
  it('explains VSOs, links to VA’s search, and records the representative (errors under fields)', async () => {
    const { api } = mockSignedIn({ routes: vsoRoutes() });
    renderApp({ path: '/link-vso' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link a VSO' }, FIRST_LOAD),
    ).toBeVisible();
    const about = screen.getByRole('region', { name: 'What a VSO does' });
    const search = within(about).getByRole('link', { name: /Find an accredited representative/ });
    expect(search).toHaveAttribute('target', '_blank');
    expect(search.getAttribute('rel')).toContain('noopener');
    expect(search).toHaveAttribute(
      'href',
      'https://www.va.gov/get-help-from-accredited-representative/find-rep/',
    );

    const organisation = await screen.findByRole('textbox', { name: 'Organisation' });
    await userEvent.click(screen.getByRole('button', { name: 'Save representative' }));
    await waitFor(() => expect(organisation).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('PUT', '/vso-representative')).toHaveLength(0);

    await userEvent.type(organisation, 'Disabled American Veterans');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Representative’s name' }),
      'Jane Smith',
    );
    const poa = screen.getByRole('textbox', { name: 'POA code (optional)' });
    await userEvent.type(poa, 'ZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Save representative' }));
    expect(await screen.findByText('No such POA code')).toBeVisible();

    await userEvent.clear(poa);
    await userEvent.type(poa, '083');
    await userEvent.click(screen.getByRole('button', { name: 'Save representative' }));
    await waitFor(() => expect(api.calls('PUT', '/vso-representative')).toHaveLength(2));
    expect(api.calls('PUT', '/vso-representative')[1]?.body).toEqual({
      organization: 'Disabled American Veterans',
      representative_name: 'Jane Smith',
      accreditation_number: null,
      poa_code: '083',
      email: null,
      phone: null,
    });
    // The form's data follows: what is still missing.
    const form = screen.getByRole('region', { name: 'VA Form 21-22' });
    expect(
      await within(form).findByText(
        'Add the representative’s accreditation number (VA’s search shows it).',
      ),
    ).toBeVisible();
    expect(within(form).getByText('***-**-6789')).toBeVisible();
  });

  it('shares chosen records: protected ones need their own tick; the link is shown once; revoke and the log', async () => {
    const { api } = mockSignedIn({ routes: vsoRoutes() });
    renderApp({ path: '/link-vso' });
    const share = await screen.findByRole('region', { name: 'Share records' }, FIRST_LOAD);
    const knee = await within(share).findByRole('checkbox', { name: 'Left knee strain' });
    const aud = within(share).getByRole('checkbox', { name: 'Alcohol use disorder' });
    expect(aud).toHaveAccessibleDescription(/Protected by 38 U.S.C. 7332/);

    // "Select all" never picks a protected record.
    await userEvent.click(
      within(share).getByRole('button', { name: 'Select all disabilities not protected' }),
    );
    expect(knee).toBeChecked();
    expect(aud).not.toBeChecked();
    // Documents are never ticked in bulk: what is inside a file is not checked.
    expect(
      within(share).queryByRole('button', {
        name: /Select all vault documents|Select all documents/,
      }),
    ).toBeNull();
    expect(within(share).getByRole('checkbox', { name: 'Knee MRI report' })).not.toBeChecked();
    expect(
      within(share).getByText(
        'Muster cannot check what is inside a file, so tick each file on its own.',
      ),
    ).toBeVisible();
    // Each group's legend names it (the legend comes first in its fieldset).
    const legends = [...share.querySelectorAll('legend')];
    expect(legends.length).toBeGreaterThan(1);
    for (const legend of legends) {
      expect(legend.parentElement?.tagName, legend.textContent).toBe('FIELDSET');
      expect(legend.parentElement?.firstElementChild).toBe(legend);
    }
    // It is ticked on its own.
    await userEvent.click(aud);
    expect(aud).toBeChecked();
    // A C-file goes without its protected findings unless they are ticked too.
    await userEvent.click(within(share).getByRole('checkbox', { name: 'C-file: c-file.pdf' }));
    expect(
      within(share).getByRole('checkbox', { name: 'Include its protected findings' }),
    ).not.toBeChecked();
    await userEvent.click(within(share).getByRole('radio', { name: '7 days' }));
    await userEvent.type(
      within(share).getByRole('textbox', { name: 'Who it is for (optional)' }),
      'DAV, Jane Smith',
    );
    await userEvent.click(within(share).getByRole('button', { name: 'Create the link' }));

    expect(await within(share).findByRole('textbox', { name: 'Share link' })).toHaveValue(
      `https://app.example/shared/${SHARE_TOKEN}`,
    );
    const [created] = api.calls('POST', '/vso-shares');
    const body = created?.body as CreateVsoShare;
    expect(body.items).toEqual([
      { kind: 'disability', id: KNEE_ID },
      { kind: 'disability', id: AUD_ID, include_protected: true },
      { kind: 'cfile', id: CFILE_ID },
    ]);
    expect(body.label).toBe('DAV, Jane Smith');
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const shares = screen.getByRole('region', { name: 'Your shares' });
    expect(await within(shares).findByRole('heading', { name: 'DAV, Jane Smith' })).toBeVisible();
    // Each card's buttons name the share they act on.
    await userEvent.click(
      within(shares).getByRole('button', { name: 'Show access log for DAV, Jane Smith' }),
    );
    const log = await within(shares).findByRole('list', { name: 'Access log' });
    expect(
      within(log).getByText(/opened Left knee strain from network 203\.0\.113\.0/),
    ).toBeVisible();

    await userEvent.click(
      within(shares).getByRole('button', { name: 'Revoke link for DAV, Jane Smith' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(shares).findByText(/Revoked/)).toBeVisible();
    expect(
      within(shares).queryByRole('button', { name: 'Revoke link for DAV, Jane Smith' }),
    ).toBeNull();
  });

  it('refuses to create a link with nothing chosen', async () => {
    const { api } = mockSignedIn({ routes: vsoRoutes() });
    renderApp({ path: '/link-vso' });
    const share = await screen.findByRole('region', { name: 'Share records' }, FIRST_LOAD);
    await within(share).findByRole('checkbox', { name: 'Left knee strain' });
    await userEvent.click(within(share).getByRole('button', { name: 'Create the link' }));
    expect(await within(share).findByText('Choose at least one record to share')).toBeVisible();
    expect(api.calls('POST', '/vso-shares')).toHaveLength(0);
  });
});
