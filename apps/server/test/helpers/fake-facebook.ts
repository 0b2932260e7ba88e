import { createServer, type Server } from 'node:http';
import { listenLocally } from './fake-server.js';

export const FACEBOOK_TEST_APP_ID = '1234567890';
export const FACEBOOK_TEST_APP_SECRET = 'fake-app-secret';

export interface FacebookTokenInfo {
  userId: string;
  name?: string;
  email?: string;
  /** Default true. */
  isValid?: boolean;
  /** Default our app. */
  appId?: string;
}

export interface FakeFacebook {
  /** For FACEBOOK_GRAPH_URL. */
  graphUrl: string;
  /** Makes a user access token the fake Graph API knows. */
  issueToken(info: FacebookTokenInfo): string;
  /** Every request the fake received (path and query), for assertions on what the server asked. */
  readonly requests: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the Graph API, speaking the two calls the server makes:
 *   GET /debug_token?input_token=...&access_token=appId|appSecret → { data: { is_valid, app_id, user_id } }
 *   GET /me?fields=id,name,email&access_token=...                  → { id, name, email }
 * Unknown tokens get Graph's error shape with status 400; a wrong app access token on debug_token too.
 */
export async function startFakeFacebook(): Promise<FakeFacebook> {
  const tokens = new Map<
    string,
    Required<Pick<FacebookTokenInfo, 'userId' | 'isValid' | 'appId'>> & FacebookTokenInfo
  >();
  const requests: FakeFacebook['requests'] = [];
  let counter = 0;

  const graphError = (message: string) =>
    JSON.stringify({ error: { message, type: 'OAuthException', code: 190 } });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (req.method !== 'GET') return send(405, graphError('method not allowed'));

    if (url.pathname === '/debug_token') {
      if (query.access_token !== `${FACEBOOK_TEST_APP_ID}|${FACEBOOK_TEST_APP_SECRET}`) {
        return send(400, graphError('Invalid OAuth access token signature.'));
      }
      const info = tokens.get(query.input_token ?? '');
      if (!info)
        return send(
          200,
          JSON.stringify({
            data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
          }),
        );
      return send(
        200,
        JSON.stringify({
          data: { is_valid: info.isValid, app_id: info.appId, user_id: info.userId, type: 'USER' },
        }),
      );
    }

    if (url.pathname === '/me') {
      const info = tokens.get(query.access_token ?? '');
      if (!info || !info.isValid) return send(400, graphError('Invalid OAuth access token.'));
      const fields = (query.fields ?? 'id,name').split(',');
      const profile: Record<string, string> = { id: info.userId };
      if (fields.includes('name') && info.name) profile.name = info.name;
      if (fields.includes('email') && info.email) profile.email = info.email;
      return send(200, JSON.stringify(profile));
    }

    return send(404, graphError('Unknown path'));
  });
  const { baseUrl, close } = await listenLocally(server);

  return {
    graphUrl: baseUrl,
    requests,
    issueToken(info) {
      counter += 1;
      const token = `EAAfakeUserAccessToken${counter}`;
      tokens.set(token, { isValid: true, appId: FACEBOOK_TEST_APP_ID, ...info });
      return token;
    },
    close,
  };
}
