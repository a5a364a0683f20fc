import {
  documentSchema,
  documentTypeLabel,
  extensionOf,
  generatedDocumentSchema,
  type GeneratedDocument,
  type VaultDocument,
} from '@muster/contract/documents';
import { ERR } from '@muster/contract/errors';
import { storedFileSchema, type UploadGrant } from '@muster/contract/storage';

import { apiError, json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';

/** When every document here was added: noon UTC, the same calendar day in any test time zone. */
export const ADDED_AT = '2026-11-25T12:00:00.000Z';
export const UPLOAD_ID = '1b6f4b8e-3f0a-4c47-9a0e-2f0f6d3f9a01';
export const STORAGE_URL = 'https://storage.test/whole';
const MB = 1024 * 1024;

export function buildDocument(overrides: Partial<VaultDocument> = {}): VaultDocument {
  const name = overrides.name ?? 'DD214.pdf';
  const docType = overrides.doc_type ?? null;
  return documentSchema.parse({
    id: '2c000000-0000-4000-8000-000000000001',
    file_id: '3d000000-0000-4000-8000-000000000001',
    name,
    extension: extensionOf(name),
    content_type: 'application/pdf',
    size: 1.5 * MB,
    doc_type: docType,
    doc_type_label: documentTypeLabel(docType),
    created_at: ADDED_AT,
    updated_at: ADDED_AT,
    ...overrides,
  });
}

export function buildGeneratedDocument(
  overrides: Partial<GeneratedDocument> = {},
): GeneratedDocument {
  return generatedDocumentSchema.parse({
    id: '5a000000-0000-4000-8000-000000000001',
    kind: 'personal-statement',
    title: 'Personal statement: Tinnitus',
    disability_id: '5d1f0c2a-7b3e-4c8d-9a1f-2b3c4d5e6f01',
    disability_title: 'Tinnitus',
    version: 2,
    updated_at: ADDED_AT,
    formats: ['pdf', 'docx', 'va-21-4138'],
    ...overrides,
  });
}

/**
 * The vault's calls kept like the API keeps them: documents newest first, `q` on names, pages,
 * renames and types, deletes with the file; one single-PUT upload grant that becomes a document;
 * the storage line.
 */
export function vaultApi({
  initial = [],
  limitBytes = 500 * MB,
  generated = [],
}: {
  initial?: VaultDocument[];
  limitBytes?: number | null;
  generated?: GeneratedDocument[];
} = {}) {
  let documents = [...initial];
  let created = 0;
  const grant: UploadGrant = {
    file_id: UPLOAD_ID,
    method: 'single',
    url: STORAGE_URL,
    headers: { 'content-type': 'application/pdf' },
    expires_at: '2099-01-01T00:00:00.000Z',
  };
  let announced = { filename: 'upload.pdf', size: 1, content_type: 'application/pdf' };

  const perDocument = (id: string): ApiRoutes => ({
    [`PATCH /documents/${id}`]: (request: ApiRequest) => {
      const body = request.body as { name?: string; doc_type?: string | null };
      documents = documents.map((document) =>
        document.id === id
          ? buildDocument({
              ...document,
              ...(body.name !== undefined
                ? { name: body.name, extension: extensionOf(body.name) }
                : {}),
              ...(body.doc_type !== undefined
                ? { doc_type: body.doc_type, doc_type_label: documentTypeLabel(body.doc_type) }
                : {}),
            })
          : document,
      );
      const saved = documents.find((document) => document.id === id);
      return saved ? json(saved) : apiError(404, ERR.NOT_FOUND);
    },
    [`GET /documents/${id}/download`]: (request: ApiRequest) =>
      json({
        url: `https://storage.test/get/${id}?disposition=${request.url.searchParams.get('disposition') ?? 'attachment'}`,
        expires_at: '2099-01-01T00:00:00.000Z',
      }),
    [`DELETE /bucket/delete/${id}`]: () => {
      documents = documents.filter((document) => document.id !== id);
      return new Response(null, { status: 204 });
    },
  });

  const routes: ApiRoutes = {
    'GET /documents': (request: ApiRequest) => {
      const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
      const pageSize = Number(request.url.searchParams.get('page_size') ?? 20);
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const matching = documents.filter((document) => document.name.toLowerCase().includes(q));
      return json({
        results: matching.slice((page - 1) * pageSize, page * pageSize),
        meta: { page, page_size: pageSize, total: matching.length },
      });
    },
    'GET /storage/usage': () =>
      json({
        used_bytes: documents.reduce((total, document) => total + document.size, 0),
        limit_bytes: limitBytes,
      }),
    'POST /uploads': (request: ApiRequest) => {
      announced = request.body as typeof announced;
      return json(grant, 201);
    },
    [`POST /uploads/${UPLOAD_ID}/complete`]: () =>
      json(
        storedFileSchema.parse({
          id: UPLOAD_ID,
          kind: 'document',
          filename: announced.filename,
          content_type: announced.content_type,
          size: announced.size,
          status: 'ready',
          rejection_reason: null,
          created_at: ADDED_AT,
        }),
      ),
    [`DELETE /uploads/${UPLOAD_ID}`]: () => new Response(null, { status: 204 }),
    'POST /documents': (request: ApiRequest) => {
      const body = request.body as { file_id: string; name?: string };
      created += 1;
      const document = buildDocument({
        id: `2c000000-0000-4000-8000-1000000000${String(created).padStart(2, '0')}`,
        file_id: body.file_id,
        name: body.name ?? announced.filename,
        size: announced.size,
        content_type: announced.content_type,
      });
      documents = [document, ...documents];
      return json(document, 201);
    },
    'GET /generated-documents': json({ results: generated }),
  };
  for (const document of initial) Object.assign(routes, perDocument(document.id));

  return {
    routes,
    current: () => documents,
    /** Routes for documents created since (their ids are known once made). */
    routesFor: perDocument,
  };
}
