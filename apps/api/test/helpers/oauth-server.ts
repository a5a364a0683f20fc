import { OAuth2Server } from 'oauth2-mock-server';

export type FakeProfile = Record<string, unknown>;

/**
 * A local OAuth 2 / OIDC server (oauth2-mock-server) standing in for Google or Discord: real
 * authorize, token and userinfo endpoints on loopback. `profile` is what userinfo answers.
 */
export async function startOAuthServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const base = server.issuer.url!;
  let profile: FakeProfile = {};
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
  return {
    base,
    setProfile(next: FakeProfile) {
      profile = next;
    },
    env(prefix: 'GOOGLE' | 'DISCORD') {
      return {
        [`${prefix}_CLIENT_ID`]: `${prefix.toLowerCase()}-client`,
        [`${prefix}_CLIENT_SECRET`]: 'secret',
        [`${prefix}_AUTHORIZATION_URL`]: `${base}/authorize`,
        [`${prefix}_TOKEN_URL`]: `${base}/token`,
        [`${prefix}_USERINFO_URL`]: `${base}/userinfo`,
      };
    },
    close: () => server.stop(),
  };
}

/** Follows redirects like a browser would, keeping cookies per origin; returns each hop. */
export async function navigate(
  start: string,
  options: { stopAt: (url: URL) => boolean; maxHops?: number },
) {
  const jar = new Map<string, Map<string, string>>();
  const hops: { url: string; status: number }[] = [];
  let url = new URL(start);
  for (let hop = 0; hop < (options.maxHops ?? 10); hop++) {
    if (options.stopAt(url)) return { final: url, hops };
    const cookies = jar.get(url.origin);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookies?.size
        ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {},
    });
    hops.push({ url: url.toString(), status: response.status });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const store = jar.get(url.origin) ?? new Map<string, string>();
      if (value === '' || /max-age=0/i.test(header)) store.delete(name!.trim());
      else store.set(name!.trim(), value);
      jar.set(url.origin, store);
    }
    const location = response.headers.get('location');
    if (!location) return { final: url, hops, response };
    url = new URL(location, url);
  }
  throw new Error(`too many redirects: ${JSON.stringify(hops)}`);
}
