/**
 * Starts every server the browser tests use at the same time, and answers on the ready port once all of them answer.
 * Playwright's webServer list starts its entries one after another (each product server takes its database start and
 * demo seeding, 15 s or more on a busy 2-CPU machine); started together they take about as long as the slowest one.
 *
 * usage: node e2e/support/servers.ts <readyPort>, with E2E_SERVERS the JSON list of { name, args, env, url } that
 * playwright.config.ts builds. Each server runs as `node <args>` with its env over this process's. Playwright stops
 * this process with its process group, so the servers go with it; SIGTERM and SIGINT stop them too. If one server
 * exits before the end, everything stops (the run fails at once instead of timing out on a dead port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { startFakeBookingWidget, FAKE_BOOKING_AID } from './fake-booking-widget.js';
import { startFakeLlm } from '../../apps/server/test/helpers/fake-llm.js';

interface ServerSpec {
  name: string;
  args: string[];
  env: Record<string, string>;
  url: string;
}

const readyPort = Number(process.argv[2]);
const specs = JSON.parse(process.env.E2E_SERVERS ?? '[]') as ServerSpec[];
if (!readyPort || specs.length === 0) throw new Error('usage: E2E_SERVERS=<json> node e2e/support/servers.ts <readyPort>');

// The AI text's provider of every product server: the API tests' local chat-completions server (decision 0020).
const fakeLlm = await startFakeLlm(readyPort + 9);
// The booking partner's hotel-map widget of every product server (support/fake-booking-widget.ts): /booking's map.
const fakeWidget = await startFakeBookingWidget(readyPort + 8);
const widgetEnv = { BOOKING_WIDGET_SCRIPT_URL: fakeWidget.scriptUrl, BOOKING_WIDGET_FRAME_ORIGINS: fakeWidget.origin, BOOKING_AID: FAKE_BOOKING_AID };
for (const s of specs) s.env = { LLM_BASE_URL: fakeLlm.baseUrl, ...widgetEnv, ...s.env };

let stopping = false;
const children: ChildProcess[] = specs.map((s) => {
  const child = spawn(process.execPath, s.args, { env: { ...process.env, ...s.env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e servers: ${s.name} exited (${signal ?? code}) before the end of the run`);
    stop(1);
  });
  return child;
});

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  // Whatever has not gone after a few seconds is killed.
  setTimeout(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    process.exit(code);
  }, 5_000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    return res.ok;
  } catch {
    return false;
  }
}

const started = Date.now();
await Promise.all(
  specs.map(async (s) => {
    while (!(await answers(s.url))) {
      if (stopping) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`e2e servers: ${s.name} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }),
);
if (!stopping) createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
