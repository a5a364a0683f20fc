import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { KeyRing } from '#src/lib/crypto.ts';

/**
 * Signed, expiring capabilities for the local storage driver's URLs, the local stand-in for S3's
 * presigned URLs. A token names one object and one operation and, for writes, the size bound.
 */
export const tokenPayloadSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), key: z.string(), size: z.number().int(), exp: z.number() }),
  z.object({
    op: z.literal('part'),
    key: z.string(),
    uploadId: z.string(),
    partNumber: z.number().int(),
    maxBytes: z.number().int(),
    exp: z.number(),
  }),
  z.object({
    op: z.literal('get'),
    key: z.string(),
    filename: z.string(),
    contentType: z.string(),
    disposition: z.enum(['attachment', 'inline']).optional(),
    exp: z.number(),
  }),
]);
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

export type TokenSigner = {
  sign(payload: TokenPayload): string;
  /** The payload, or null when the token is malformed, forged or expired. */
  verify(token: string, now?: number): TokenPayload | null;
};

export function createTokenSigner(ring: KeyRing): TokenSigner {
  const master = ring.keys.get(ring.current)!;
  const key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'muster storage url v1', 32));
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, now = Date.now()) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = mac(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = tokenPayloadSchema.safeParse(json);
      if (!parsed.success || parsed.data.exp < Math.floor(now / 1000)) return null;
      return parsed.data;
    },
  };
}
