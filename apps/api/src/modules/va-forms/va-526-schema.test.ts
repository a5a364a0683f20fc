import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VA_SCHEMAS_DIR } from './va-526-schema.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The reference copy beside the repository, when that folder is there. */
const SHARED_SCHEMAS = fileURLToPath(
  new URL('../../../../../../shared/data/vets-api/claims_api/schemas/', import.meta.url),
);

describe('VA’s 526 schema', () => {
  it('is the file the assets README lists, unchanged, and the same as the reference copy', () => {
    const readme = readFileSync(`${VA_SCHEMAS_DIR}README.md`, 'utf8');
    const digest = sha256(`${VA_SCHEMAS_DIR}v2_526.json`);
    expect(readme).toMatch(/^\| `v2_526\.json` +\|/m);
    expect(readme).toContain(digest);
    const reference = `${SHARED_SCHEMAS}v2_526.json`;
    if (existsSync(reference)) expect(sha256(reference)).toBe(digest);
  });
});
