import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { loadConfig } from '../../src/config.js';
import { DOCUMENT_MAX, llmClientFromConfig, readWithLlm } from '../../src/modules/bookings/readers/llm.js';
import { listenLocally } from '../helpers/fake-server.js';

/**
 * The LLM layer of the booking readers (issue 34): the real provider client against a local chat-completions server
 * that checks what it is sent and answers what each test says; the model's items checked with the contract.
 */

type Answer = { status?: number; content?: string; raw?: string; hang?: boolean };
interface Seen {
  url: string | undefined;
  authorization: string | undefined;
  body: {
    model: string;
    temperature: number;
    response_format?: { type: string };
    messages: { role: string; content: string }[];
  };
}

let answer: Answer = {};
let seen: Seen[] = [];
let baseUrl = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        url: req.url,
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'],
      });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      if (answer.hang) return; // the client's time-out ends it
      const body =
        answer.raw ??
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content ?? '' } }],
        });
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(body);
    });
  });
  ({ baseUrl, close } = await listenLocally(server));
});
afterAll(() => close());
beforeEach(() => {
  seen = [];
  answer = {};
});

let n = 0;
const ids = () => `llm${++n}`;
const warnings: string[] = [];
const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };
const client = (timeoutMs = 5000) =>
  llmClientFromConfig({
    llm: { baseUrl: `${baseUrl}/v1`, model: 'booking-model', apiKey: 'sk-bookings', timeoutMs },
  });
const reply = (value: unknown) => {
  answer = { content: JSON.stringify(value) };
};

const CONFIRMATION = `אישור הזמנה — אל על
מספר הזמנה: X7K2LM
נוסע: נועה לוי
טיסה LY 315 תל אביב (TLV) 10/03/2027 06:15 — ציריך (ZRH) 09:05`;

const flight = {
  type: 'flight',
  reservationNumber: 'X7K2LM',
  provider: 'El Al',
  travellers: ['נועה לוי'],
  number: 'LY 315',
  start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', place: { iata: 'TLV', name: 'תל אביב' } },
  end: { date: '2027-03-10', dateTime: '2027-03-10T09:05', place: { iata: 'ZRH', name: 'ציריך' } },
};

describe('LLM booking reader', () => {
  it('sends the document by the chat-completions protocol and keeps the answer as reservations to check', async () => {
    reply({ reservations: [flight] });
    const out = await readWithLlm(CONFIRMATION, ids, client(), log);
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.url).toBe('/v1/chat/completions');
    expect(req!.authorization).toBe('Bearer sk-bookings');
    expect(req!.body).toMatchObject({
      model: 'booking-model',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(req!.body.messages.find((m) => m.role === 'user')?.content).toContain('מספר הזמנה: X7K2LM');
    expect(req!.body.messages.find((m) => m.role === 'system')?.content).toMatch(/never invent a time/);
    expect(out).toEqual([
      { ...flight, id: expect.stringMatching(/^llm\d+$/), source: { kind: 'llm', confidence: 0.5 } },
    ]);
    expect(reservation.safeParse(out[0]).success).toBe(true);
  });

  it('drops an item that fails the contract and keeps the valid one; the model never chooses id or source', async () => {
    reply({
      reservations: [
        { ...flight, type: undefined }, // no type
        { ...flight, start: { ...flight.start, place: { iata: 'Tel Aviv' } } }, // not an IATA code
        {
          type: 'lodging',
          id: 'not ours',
          source: { kind: 'schema.org', confidence: 1 },
          name: 'Hotel Alpina',
          reservationNumber: null,
          start: { date: '2027-03-10', dateTime: null },
          end: { dateTime: '2027-03-14T11:00:00+01:00' },
          price: { amountMinor: 84000, currency: 'CHF' },
        },
      ],
    });
    const out = await readWithLlm(
      'Hotel Alpina, check-in 10 March 2027, check-out 14 March 2027 11:00',
      ids,
      client(),
      log,
    );
    expect(out).toEqual([
      {
        id: expect.stringMatching(/^llm\d+$/),
        type: 'lodging',
        name: 'Hotel Alpina',
        travellers: [],
        // A day without a time stays a day; the wall-clock part of a time written with its offset.
        start: { date: '2027-03-10' },
        end: { date: '2027-03-14', dateTime: '2027-03-14T11:00' },
        price: { amountMinor: 84000, currency: 'CHF' },
        source: { kind: 'llm', confidence: 0.5 },
      },
    ]);
  });

  it('reads a bare array in a Markdown fence (a server that ignores response_format)', async () => {
    answer = { content: '```json\n' + JSON.stringify([flight]) + '\n```' };
    const out = await readWithLlm(CONFIRMATION, ids, client(), log);
    expect(out.map((r) => r.number)).toEqual(['LY 315']);
  });

  it('sends at most DOCUMENT_MAX characters of the document', async () => {
    reply({ reservations: [] });
    const long = 'A'.repeat(DOCUMENT_MAX) + 'TAIL-NOT-SENT';
    expect(await readWithLlm(long, ids, client(), log)).toEqual([]);
    const user = seen[0]!.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('A'.repeat(DOCUMENT_MAX));
    expect(user).not.toContain('TAIL-NOT-SENT');
  });

  it.each<[string, Answer, number]>([
    ['a model answer that is not JSON', { content: 'Sure! Here is your flight: LY 315' }, 5000],
    ['JSON without reservations', { content: '{"flights": 1}' }, 5000],
    ['a body that is not a completion', { raw: '<html>bad gateway' }, 5000],
    ['an error status', { status: 500, raw: '{"error":{"message":"overloaded"}}' }, 5000],
    ['no answer within the time-out', { hang: true }, 300],
  ])('%s: nothing found and a warning, never an error', async (_name, given, timeoutMs) => {
    answer = given;
    warnings.length = 0;
    const started = Date.now();
    await expect(readWithLlm(CONFIRMATION, ids, client(timeoutMs), log)).resolves.toEqual([]);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(warnings).toHaveLength(1);
  });

  it('does nothing unconfigured or with an empty document', async () => {
    expect(await readWithLlm(CONFIRMATION, ids, null, log)).toEqual([]);
    expect(await readWithLlm('  \n ', ids, client(), log)).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('its client comes from the configuration: none without LLM_BASE_URL, which must be an http(s) address', () => {
    const env = { JWT_SECRET: 'x'.repeat(32) };
    expect(llmClientFromConfig(loadConfig(env))).toBeNull();
    expect(llmClientFromConfig(loadConfig({ ...env, LLM_BASE_URL: `${baseUrl}/v1` }))).not.toBeNull();
    expect(() => loadConfig({ ...env, LLM_BASE_URL: 'ftp://llm.example/v1' })).toThrow(/LLM_BASE_URL/);
  });
});
