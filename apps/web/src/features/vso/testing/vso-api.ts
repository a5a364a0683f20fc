import { ERR } from '@muster/contract/errors';
import {
  form2122Schema,
  sharedItemSchema,
  sharedViewSchema,
  vsoShareSchema,
  type CreateVsoShare,
  type Form2122,
  type ShareableRecord,
  type SharedItem,
  type SharedView,
  type VsoRepresentative,
  type VsoShare,
  type VsoShareAccess,
} from '@muster/contract/vso';

import { apiError, json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';

export const AT = '2026-11-20T12:00:00.000Z';
export const SHARE_TOKEN = 'Sh_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
export const KNEE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01';
export const AUD_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f02';
export const DOC_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f03';
export const CFILE_ID = '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f04';
export const SHARE_ID = '5a000000-0000-4000-8000-000000000001';

export const RECORDS: ShareableRecord[] = [
  { kind: 'disability', id: KNEE_ID, title: 'Left knee strain', protected_7332: false },
  { kind: 'disability', id: AUD_ID, title: 'Alcohol use disorder', protected_7332: true },
  { kind: 'document', id: DOC_ID, title: 'Knee MRI report', protected_7332: false },
  { kind: 'cfile', id: CFILE_ID, title: 'C-file: c-file.pdf', protected_7332: true },
];

export function buildForm2122(overrides: Partial<Form2122> = {}): Form2122 {
  return form2122Schema.parse({
    veteran: {
      first_name: 'Maria',
      middle_name: null,
      last_name: 'Lopez',
      ssn: '***-**-6789',
      va_file_number: null,
      date_of_birth: '1980-04-02',
      address: '123 Main St, Portland, OR 97201',
      phone: '5035550142',
      email: 'maria@example.com',
      branches: ['Army'],
    },
    representative: null,
    request_body: { data: { attributes: { veteran: {}, serviceOrganization: {} } } },
    missing: ['Add your representative: their organisation and name.'],
    ready: false,
    ...overrides,
  });
}

export function buildShare(overrides: Partial<VsoShare> = {}): VsoShare {
  return vsoShareSchema.parse({
    id: SHARE_ID,
    label: 'DAV, Jane Smith',
    items: [{ kind: 'disability', id: KNEE_ID, title: 'Left knee strain', protected_7332: false }],
    expires_at: '2099-01-01T00:00:00.000Z',
    revoked_at: null,
    created_at: AT,
    access_count: 2,
    last_accessed_at: AT,
    ...overrides,
  });
}

export const ACCESSES: VsoShareAccess[] = [
  {
    id: '5b000000-0000-4000-8000-000000000001',
    share_id: SHARE_ID,
    accessed_at: AT,
    item_kind: 'disability',
    item_id: KNEE_ID,
    item_title: 'Left knee strain',
    ip: '203.0.113.0',
    user_agent: 'RepBrowser/1.0',
  },
];

/**
 * The veteran's side of `/link-vso`: a representative store, the form's data, the records, and
 * shares created and revoked in memory.
 */
export function vsoRoutes(options: { representative?: VsoRepresentative | null } = {}) {
  let representative = options.representative ?? null;
  let shares: VsoShare[] = [];
  const routes: ApiRoutes = {
    'GET /vso-representative': () => json({ representative }),
    'PUT /vso-representative': (request: ApiRequest) => {
      const body = request.body as Omit<VsoRepresentative, 'updated_at'>;
      if (body.poa_code === 'ZZZ') {
        return apiError(400, ERR.INVALID_INPUT, { fields: { poa_code: 'No such POA code' } });
      }
      representative = { ...body, updated_at: AT };
      return json(representative);
    },
    'GET /vso-representative/form-21-22': () =>
      json(
        buildForm2122(
          representative
            ? {
                representative: {
                  organization: representative.organization,
                  representative_name: representative.representative_name,
                  poa_code: representative.poa_code,
                  accreditation_number: representative.accreditation_number,
                },
                missing: ['Add the representative’s accreditation number (VA’s search shows it).'],
              }
            : {},
        ),
      ),
    'GET /vso-shares/records': () => json({ results: RECORDS }),
    'GET /vso-shares': () => json({ results: shares }),
    'POST /vso-shares': (request: ApiRequest) => {
      const body = request.body as CreateVsoShare;
      const share = buildShare({
        label: body.label ?? null,
        expires_at: body.expires_at,
        access_count: 0,
        last_accessed_at: null,
        items: body.items.map((item) => ({
          kind: item.kind,
          id: item.id,
          title: RECORDS.find((record) => record.id === item.id)?.title ?? null,
          protected_7332: item.include_protected === true,
        })),
      });
      shares = [share, ...shares];
      return json(
        { ...share, token: SHARE_TOKEN, url: `https://app.example/shared/${SHARE_TOKEN}` },
        201,
      );
    },
    [`DELETE /vso-shares/${SHARE_ID}`]: () => {
      shares = shares.map((share) => ({ ...share, revoked_at: AT }));
      return new Response(null, { status: 204 });
    },
    [`GET /vso-shares/${SHARE_ID}/accesses`]: () => json({ results: ACCESSES }),
  };
  return routes;
}

export function buildSharedView(overrides: Partial<SharedView> = {}): SharedView {
  return sharedViewSchema.parse({
    veteran_first_name: 'Maria',
    organization: 'Disabled American Veterans',
    expires_at: '2099-01-01T00:00:00.000Z',
    items: [
      { kind: 'disability', id: KNEE_ID, title: 'Left knee strain' },
      { kind: 'document', id: DOC_ID, title: 'Knee MRI report' },
    ],
    ...overrides,
  });
}

export function buildSharedItem(overrides: Partial<SharedItem> = {}): SharedItem {
  return sharedItemSchema.parse({
    kind: 'disability',
    id: KNEE_ID,
    title: 'Left knee strain',
    facts: [{ label: 'Diagnosis', value: 'Patellofemoral pain syndrome' }],
    sections: [
      { heading: 'Personal statement', style: 'text', lines: ['My knee gives way on stairs.'] },
    ],
    download: null,
    ...overrides,
  });
}
