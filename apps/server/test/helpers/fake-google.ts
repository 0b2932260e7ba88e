import { createServer, type Server } from 'node:http';
import { listenLocally } from './fake-server.js';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const GOOGLE_TEST_ISSUER = 'https://accounts.google.com';

export interface FakeGoogle {
  /** The JWKS address, for GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  readonly jwksRequests: number;
  /** An ID token signed with the published key; defaults: our audience, Google's issuer, one hour of validity. */
  signIdToken(
    claims: JWTPayload & { email?: string; email_verified?: boolean; name?: string },
    opts?: SignOptions,
  ): Promise<string>;
  /** The same, signed with a key that is not published (a forgery); it claims the published key id. */
  signForgedIdToken(
    claims: JWTPayload & { email?: string; email_verified?: boolean; name?: string },
    opts?: SignOptions,
  ): Promise<string>;
  close(): Promise<void>;
}

interface SignOptions {
  /** Seconds since the epoch; default now + 1 hour. */
  exp?: number;
  iat?: number;
  kid?: string;
}

/**
 * A local stand-in for Google's sign-in keys: an HTTP server on 127.0.0.1 publishing an RS256 JWKS at /certs,
 * as https://www.googleapis.com/oauth2/v3/certs does, so the server's real verifier (jose's remote JWKS) runs.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const kid = 'fake-google-key-1';
  const published = await generateKeyPair('RS256', { extractable: true });
  const unknown = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [jwk] });
  let jwksRequests = 0;

  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/certs') {
      jwksRequests += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(body);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not_found"}');
  });
  const { baseUrl, close } = await listenLocally(server);

  const sign =
    (key: CryptoKey) =>
    async (claims: JWTPayload, opts: SignOptions = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: GOOGLE_TEST_ISSUER, aud: GOOGLE_TEST_CLIENT_ID, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
        .setIssuedAt(opts.iat ?? now)
        .setExpirationTime(opts.exp ?? now + 3600)
        .sign(key);
    };

  return {
    jwksUrl: `${baseUrl}/certs`,
    get jwksRequests() {
      return jwksRequests;
    },
    signIdToken: sign(published.privateKey),
    signForgedIdToken: sign(unknown.privateKey),
    close,
  };
}
