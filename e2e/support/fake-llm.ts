/**
 * A local server speaking the OpenAI chat-completions protocol for the browser tests (decision 0020): the product
 * servers get its address as LLM_BASE_URL (support/servers.ts), so "create the text with AI" runs the real provider
 * client. It answers every completion with a short description in the language the system message asks for.
 */
import { createServer } from 'node:http';

export const FAKE_LLM_TEXT = {
  hebrew: 'מקום נהדר לטיול משפחתי, עם נוף פתוח ושבילים נוחים.\n\nכדאי להגיע בשעות הבוקר.',
  english: 'A lovely spot for a family outing, with open views and easy paths.\n\nCome early in the morning.',
};

export function startFakeLlm(port: number): Promise<{ baseUrl: string; close: () => void }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      let system = '';
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages?: { role: string; content: string }[] };
        system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      } catch {
        res.writeHead(400).end();
        return;
      }
      const content = system.includes('Hebrew') ? FAKE_LLM_TEXT.hebrew : FAKE_LLM_TEXT.english;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion', created: 1, model: 'fake', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ baseUrl: `http://127.0.0.1:${port}/v1`, close: () => server.close() }));
  });
}
