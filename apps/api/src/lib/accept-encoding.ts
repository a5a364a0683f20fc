/** Content codings this server can produce, in the order it prefers them when a client likes both. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** A coding's weight: `q=` from 0 to 1 with up to three decimals; anything else counts as 0. */
function weight(params: string[]): number {
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() !== 'q') continue;
    const number = /^\d+(?:\.\d*)?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    return number >= 0 && number <= 1 ? number : 0;
  }
  return 1;
}

/**
 * The coding to send for an `Accept-Encoding` header, among those `available`: the one the client
 * weights highest, our order breaking ties; `identity` when the header is absent or empty, when
 * nothing available is acceptable, or when the client refused it with `q=0`. A coding the header
 * does not name takes the weight of `*` if present. Malformed parts are ignored, never an error.
 */
export function chooseEncoding(
  header: string | string[] | undefined,
  available: readonly ContentCoding[] = CONTENT_CODINGS,
): ContentCoding | 'identity' {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'identity';
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [rawToken = '', ...params] = part.split(';');
    let token = rawToken.trim().toLowerCase();
    if (token === 'x-gzip') token = 'gzip';
    if (!token || weights.has(token)) continue;
    weights.set(token, weight(params));
  }
  let best: ContentCoding | 'identity' = 'identity';
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestWeight) {
      best = coding;
      bestWeight = q;
    }
  }
  return best;
}
