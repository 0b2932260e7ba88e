import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocally } from './fake-server.js';

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), so the real provider client
 * runs in the tests. `mode` says how it answers the next calls: a good completion (in the language the system message
 * asks for), one with markup and Markdown to sanitise, a hang (never answers), a non-JSON body, a 500, or a completion
 * without text, or (pick-last) the id of the last place listed (the photo flow's model pick). Every request is kept (body and authorization header). The browser tests run it too, for every product
 * server (e2e/support/servers.ts), on a fixed port.
 */
export type FakeLlmMode = 'ok' | 'markup' | 'hang' | 'garbage' | 'error' | 'empty' | 'pick-last';

export interface FakeLlm {
  /** The base URL to give as LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  mode: FakeLlmMode;
  requests: { body: { model: string; messages: { role: string; content: string }[] }; authorization: string | undefined }[];
  close(): Promise<void>;
}

export const FAKE_LLM_TEXT = {
  hebrew: 'מקום יפה לטיול משפחתי.\n\nכדאי להגיע בבוקר.',
  english: 'A lovely place for a family outing.\n\nCome early in the morning.',
};

const completion = (content: string | null) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 1,
  model: 'fake',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

export async function startFakeLlm(port = 0): Promise<FakeLlm> {
  const fake = { mode: 'ok' as FakeLlmMode, requests: [] as FakeLlm['requests'] };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      let body: FakeLlm['requests'][number]['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeLlm['requests'][number]['body'];
      } catch {
        res.writeHead(400).end();
        return;
      }
      fake.requests.push({ body, authorization: req.headers.authorization });
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      switch (fake.mode) {
        case 'ok':
          return json(200, completion(system.includes('Hebrew') ? FAKE_LLM_TEXT.hebrew : FAKE_LLM_TEXT.english));
        case 'markup':
          return json(200, completion('## Title\n\n**Bold** <script>alert(1)</script><b onclick="x()">text</b> & more\n\n- item <img src=x onerror=alert(1)>'));
        case 'hang':
          return; // never answers: the client's time-out ends it
        case 'garbage':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
        case 'error':
          return json(500, { error: { message: 'overloaded' } });
        case 'empty':
          return json(200, completion(null));
        case 'pick-last': {
          // A model choosing a place among the photo's candidates (one "id<TAB>name..." a line): the last one.
          const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
          return json(200, completion(user.trim().split('\n').at(-1)?.split('\t')[0] ?? ''));
        }
      }
    });
  });
  const { baseUrl, close } = await listenLocally(server, port);
  return Object.assign(fake, { baseUrl: `${baseUrl}/v1`, close }) as FakeLlm;
}
