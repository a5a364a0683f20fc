import { ERR, messageFor } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CFILE_ID, buildCfile, cfilesApi } from '@/features/cfile/testing/cfile-api';
import { UPLOAD_ID, vaultApi } from '@/features/vault/testing/vault-api';
import { apiError, json } from '@/testing/api-mock';
import { installFakeXhr } from '@/testing/fake-xhr';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

/** The pages' code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };

const reading = () =>
  buildCfile({
    status: 'processing',
    progress: 43,
    pages_done: 17,
    pages_ocr: 2,
    medications_count: null,
    conditions_count: null,
    completed_at: null,
  });

/** Every request the page made to the C-file API. */
function cfileCalls(api: ReturnType<typeof mockSignedIn>['api']) {
  return api.requests.filter((request) => request.path.startsWith('/cfiles'));
}

describe('C-file pages', { timeout: 30_000 }, () => {
  it('/cfile: explains the C-file; an uploaded PDF is sent to be read and its progress opens', async () => {
    const fake = cfilesApi({ cfiles: [] });
    const { api } = mockSignedIn({
      routes: {
        ...vaultApi().routes,
        ...fake.routes,
        'POST /cfiles': json({ id: CFILE_ID, status: 'queued' }, 202),
        [`GET /cfiles/${CFILE_ID}`]: json(reading()),
      },
    });
    installFakeXhr({ autoRespond: (request) => request.respond({ etag: '"x"' }) });
    const { router } = renderApp({ path: '/cfile' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'C-file' }, FIRST_LOAD),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'What a C-file is, and how to get yours' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /VA Form 20-10206/ })).toHaveAttribute(
      'href',
      'https://www.va.gov/find-forms/about-form-20-10206/',
    );
    expect(await screen.findByText('No C-files yet')).toBeVisible();

    const file = new File(['%PDF-1.7 claims file'], 'c-file.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Choose your C-file'), file);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'C-file processing' }, FIRST_LOAD),
    ).toBeVisible();
    expect(api.calls('POST', '/uploads')[0]?.body).toMatchObject({ kind: 'c-file' });
    expect(api.calls('POST', '/cfiles')[0]?.body).toEqual({ file_id: UPLOAD_ID });
    expect(router.state.location.pathname).toBe('/cfile/queue');
    expect(router.state.location.search).toBe(`?id=${CFILE_ID}`);
    expect(await screen.findByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute(
      'aria-valuenow',
      '43',
    );
  });

  it('/cfile: past C-files with their state and links', async () => {
    const failed = buildCfile({
      id: '0cf00000-0000-4000-8000-000000000002',
      status: 'failed',
      filename: 'scan.pdf',
      error: 'This PDF is protected by a password.',
    });
    mockSignedIn({ routes: cfilesApi({ cfiles: [buildCfile(), failed] }).routes });
    renderApp({ path: '/cfile' });
    const list = await screen.findByRole('list', { name: 'Your C-files' }, FIRST_LOAD);
    const [read, unread] = within(list).getAllByRole('listitem');
    expect(within(read!).getByRole('link', { name: 'c-file.pdf' })).toHaveAttribute(
      'href',
      `/cfile/complete?id=${CFILE_ID}`,
    );
    expect(read).toHaveTextContent('Read · 40 pages · 2 medications · 3 conditions');
    expect(within(unread!).getByRole('link', { name: 'scan.pdf' })).toHaveAttribute(
      'href',
      `/cfile/queue?id=${failed.id}`,
    );
    expect(unread).toHaveTextContent('This PDF is protected by a password.');
  });

  it('/cfile/queue: live progress; cancelling asks first', async () => {
    const fake = cfilesApi({ cfiles: [reading()] });
    const { api } = mockSignedIn({ routes: fake.routes });
    renderApp({ path: `/cfile/queue?id=${CFILE_ID}` });

    const bar = await screen.findByRole('progressbar', { name: 'Reading progress' }, FIRST_LOAD);
    expect(bar).toHaveAttribute('aria-valuenow', '43');
    expect(screen.getByText('Page 17 of 40 read')).toBeVisible();
    expect(
      screen.getByText(/2 pages were scanned images, read with text recognition/),
    ).toBeVisible();
    // The status line moves by tenths, not by page.
    expect(screen.getByText('Reading your C-file: 40% done.')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cancel reading' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop reading this C-file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep reading' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', `/cfiles/${CFILE_ID}/cancel`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel reading' }));
    const again = await screen.findByRole('alertdialog', { name: 'Stop reading this C-file?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Stop reading' }));
    expect(await screen.findByText('Reading was stopped.')).toBeVisible();
    expect(api.calls('POST', `/cfiles/${CFILE_ID}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a C-file' })).toHaveAttribute('href', '/cfile');
  });

  it('/cfile/queue: follows the reading to the end, then offers the results', async () => {
    const fake = cfilesApi({ cfiles: [reading()] });
    const { api } = mockSignedIn({ routes: fake.routes });
    // No `?id=`: the newest C-file.
    renderApp({ path: '/cfile/queue' });
    await screen.findByRole('progressbar', { name: 'Reading progress' }, FIRST_LOAD);

    fake.update(buildCfile());
    expect(
      await screen.findByRole('link', { name: 'See what was found' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', `/cfile/complete?id=${CFILE_ID}`);
    expect(screen.getByText('Your C-file was read.')).toBeVisible();
    // Done: the page stops asking.
    const asked = api.calls('GET', `/cfiles/${CFILE_ID}`).length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(api.calls('GET', `/cfiles/${CFILE_ID}`)).toHaveLength(asked);
  });

  it('/cfile/queue: a failure to load shows the problem, and Retry asks again', async () => {
    const fake = cfilesApi({ cfiles: [reading()] });
    const { api } = mockSignedIn({
      routes: { ...fake.routes, [`GET /cfiles/${CFILE_ID}`]: apiError(500, ERR.INTERNAL) },
    });
    renderApp({ path: `/cfile/queue?id=${CFILE_ID}` });
    const alert = await screen.findByRole('alert', {}, FIRST_LOAD);
    expect(
      within(alert).getByRole('heading', { name: 'We could not load this C-file' }),
    ).toBeVisible();
    expect(alert).toHaveTextContent(messageFor(ERR.INTERNAL));

    api.use({ [`GET /cfiles/${CFILE_ID}`]: fake.routes[`GET /cfiles/${CFILE_ID}`]! });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('progressbar', { name: 'Reading progress' })).toBeVisible();
  });

  it('/cfile/queue: a failure says why and offers another file', async () => {
    mockSignedIn({
      routes: cfilesApi({
        cfiles: [buildCfile({ status: 'failed', error: 'This PDF is protected by a password.' })],
      }).routes,
    });
    renderApp({ path: `/cfile/queue?id=${CFILE_ID}` });
    expect(await screen.findByText('Your C-file could not be read.', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByText('This PDF is protected by a password.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try another file' })).toHaveAttribute(
      'href',
      '/cfile',
    );
  });

  it('/cfile/medications: by name, protected rows marked and explained, filtered', async () => {
    mockSignedIn({ routes: cfilesApi().routes });
    renderApp({ path: `/cfile/medications?id=${CFILE_ID}` });
    const table = await screen.findByRole('table', {}, FIRST_LOAD);
    expect(screen.getByRole('region', { name: 'Medications found in your C-file' })).toBe(
      table.parentElement,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'naltrexoneProtected by 38 U.S.C. 7332',
      'sertraline',
    ]);
    expect(rows[1]).toHaveTextContent('50 mg');
    expect(rows[1]).toHaveTextContent('Mar 2, 2019');
    expect(
      screen.getByText(/Muster never shares them and never sends them to an AI provider/),
    ).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter medications' }), 'sert');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 medication of 2 shown')).toBeVisible();

    await userEvent.click(within(table).getByRole('button', { name: 'Page 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Page 12 of 40' });
    const marks = await within(dialog).findAllByText('sertraline', { selector: 'mark' });
    expect(marks).toHaveLength(2);
  });

  it('/cfile/disabilities: a page opens and closes by keyboard, with the finding marked', async () => {
    mockSignedIn({ routes: cfilesApi().routes });
    renderApp({ path: `/cfile/disabilities?id=${CFILE_ID}` });
    const tinnitus = await screen.findByRole('article', { name: 'Tinnitus' }, FIRST_LOAD);
    expect(tinnitus).toHaveTextContent('DC 6260');
    expect(tinnitus).toHaveTextContent('Not claimed yet');
    const ptsd = screen.getByRole('article', { name: 'Posttraumatic stress disorder' });
    expect(ptsd).toHaveTextContent('Already among your disabilities');
    const htn = screen.getByRole('article', { name: 'Hypertension' });
    expect(htn).toHaveTextContent('Agent Orange exposure');
    const alcohol = screen.getByRole('article', { name: 'Alcohol use disorder' });
    expect(alcohol).toHaveTextContent('Protected by 38 U.S.C. 7332');

    const pageButton = within(tinnitus).getByRole('button', { name: 'Page 5' });
    pageButton.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Page 5 of 40' });
    expect(await within(dialog).findByText('tinnitus', { selector: 'mark' })).toBeVisible();
    expect(within(dialog).getByRole('region', { name: 'Text of page 5' })).toHaveTextContent(
      'AUDIOLOGY NOTE',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('dialog', { name: 'Page 6 of 40' })).toBeVisible();
    expect(await within(dialog).findByText('Page 6 of the claims file.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('dialog', { name: 'Page 5 of 40' })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pageButton).toHaveFocus());

    // A finding the page words differently ("HTN") is marked by its evidence.
    await userEvent.click(within(htn).getByRole('button', { name: 'Page 7' }));
    const htnPage = await screen.findByRole('dialog', { name: 'Page 7 of 40' });
    expect(
      await within(htnPage).findByText('Dx: HTN, on lisinopril.', { selector: 'mark' }),
    ).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(alcohol).getByRole('button', { name: 'Page 20' }));
    const protectedPage = await screen.findByRole('dialog', { name: 'Page 20 of 40' });
    expect(await within(protectedPage).findByText('Protected by 38 U.S.C. 7332')).toBeVisible();
  });

  it('/cfile/disabilities: chosen conditions are added as disabilities, then marked claimed', async () => {
    const { api } = mockSignedIn({ routes: cfilesApi().routes });
    renderApp({ path: `/cfile/disabilities?id=${CFILE_ID}` });
    await screen.findByRole('article', { name: 'Tinnitus' }, FIRST_LOAD);
    // A claimed condition has nothing to choose.
    expect(
      screen.queryByRole('checkbox', { name: 'Posttraumatic stress disorder' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add as disabilities' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one condition');
    expect(api.calls('POST', `/cfiles/${CFILE_ID}/disabilities`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tinnitus' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hypertension' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add as disabilities' }));
    await waitFor(() =>
      expect(api.calls('POST', `/cfiles/${CFILE_ID}/disabilities`)).toHaveLength(1),
    );
    expect(api.calls('POST', `/cfiles/${CFILE_ID}/disabilities`)[0]?.body).toEqual({
      names: ['Tinnitus', 'Hypertension'],
    });
    expect(await screen.findByText('2 conditions added to your disabilities')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Tinnitus' })).toHaveTextContent(
        'Already among your disabilities',
      ),
    );
    expect(screen.queryByRole('checkbox', { name: 'Hypertension' })).not.toBeInTheDocument();
  });

  it('/cfile/complete: the summary; every unclaimed condition added in one step; the evidence index', async () => {
    const createObjectURL = vi.fn(() => 'blob:index');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = mockSignedIn({ routes: cfilesApi().routes });
    renderApp({ path: `/cfile/complete?id=${CFILE_ID}` });
    const found = await screen.findByRole('region', { name: 'What was found' }, FIRST_LOAD);
    const figure = (label: string) =>
      within(found).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(figure('Pages read')).toBe('40');
    expect(figure('Pages read by OCR')).toBe('3');
    expect(figure('Medications')).toBe('2');
    expect(figure('Conditions')).toBe('3');
    await waitFor(() => expect(figure('Conditions not yet claimed')).toBe('3'));
    expect(figure('Conditions that may be presumptive')).toBe('1');
    expect(screen.getByRole('link', { name: 'Review the medications found' })).toHaveAttribute(
      'href',
      `/cfile/medications?id=${CFILE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Review the conditions found' })).toHaveAttribute(
      'href',
      `/cfile/disabilities?id=${CFILE_ID}`,
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Add all unclaimed conditions as disabilities' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Add these conditions as disabilities?',
    });
    // The protected diagnosis is left for the veteran to choose alone.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tinnitus', 'Hypertension']);
    expect(dialog).toHaveTextContent('1 condition protected by 38 U.S.C. 7332 is left out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 conditions' }));
    await waitFor(() =>
      expect(api.calls('POST', `/cfiles/${CFILE_ID}/disabilities`)[0]?.body).toEqual({
        names: ['Tinnitus', 'Hypertension'],
      }),
    );
    await waitFor(() => expect(figure('Conditions not yet claimed')).toBe('1'));

    await userEvent.click(screen.getByRole('button', { name: 'Download evidence index (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET', `/cfiles/${CFILE_ID}/evidence-index.pdf`)).toHaveLength(1);
  });

  it('an id that is not a UUID asks nothing of the API', async () => {
    const { api } = mockSignedIn({ routes: cfilesApi().routes });
    renderApp({ path: '/cfile/medications?id=not-a-file' });
    expect(await screen.findByText('We could not find this C-file', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'C-file medications' })).toBeVisible();
    expect(cfileCalls(api)).toHaveLength(0);
  });

  it('without an id and without any C-file, each page says so and links to the upload', async () => {
    mockSignedIn({ routes: cfilesApi({ cfiles: [] }).routes });
    renderApp({ path: '/cfile/complete' });
    expect(await screen.findByText('No C-file yet', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upload your C-file' })).toHaveAttribute(
      'href',
      '/cfile',
    );
  });

  it('a file still being read sends the results pages to its progress', async () => {
    mockSignedIn({ routes: cfilesApi({ cfiles: [reading()] }).routes });
    renderApp({ path: `/cfile/disabilities?id=${CFILE_ID}` });
    expect(
      await screen.findByText('This C-file is still being read', {}, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Follow the reading' })).toHaveAttribute(
      'href',
      `/cfile/queue?id=${CFILE_ID}`,
    );
  });
});
