/**
 * Starts every server the browser tests use at the same time, and answers on the ready port once all of them answer.
 * Playwright's webServer list starts its entries one after another (each product server takes its database start and
 * demo seeding, 15 s or more on a busy 2-CPU machine); started together they take about as long as the slowest one.
 *
 * The demo database is made once: the first server marked `seeded` starts alone on a data folder of its own (a new
 * embedded database: initdb, the migrations, the demo), is stopped, and every `seeded` server starts on a copy of that
 * folder, which it finds filled and opens as it is. Three initdb-and-seed runs side by side cost three times the CPU of
 * one (docs/testing.md); the copy is the same database each would have made. Its JWT secret is left out of the copies,
 * so each server still makes its own, as a fresh install does.
 *
 * usage: node e2e/support/servers.ts <readyPort>, with E2E_SERVERS the JSON list of { name, args, env, url, seeded }
 * that playwright.config.ts builds. Each server runs as `node <args>` with its env over this process's. Playwright
 * stops this process with its process group, so the servers go with it; SIGTERM and SIGINT stop them too. If one
 * server exits before the end, everything stops (the run fails at once instead of timing out on a dead port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { startFakeBookingWidget, FAKE_BOOKING_AID } from './fake-booking-widget.js';
import { startFakeLlm } from '../../apps/server/test/helpers/fake-llm.js';

interface ServerSpec {
  name: string;
  args: string[];
  env: Record<string, string>;
  url: string;
  /** Its DATA_DIR starts as a copy of the demo database made once for the run (above). */
  seeded?: boolean;
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
const children: ChildProcess[] = [];

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    return res.ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string) {
  while (!(await answers(url))) {
    if (stopping) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

const seeded = specs.filter((s) => s.seeded);
if (seeded.length > 0) {
  // The template server: the first seeded server's command and settings, on a port of its own (not the ready port:
  // Playwright takes any answer there for "ready") and a folder beside the first one's.
  const first = seeded[0]!;
  const templateDir = `${first.env.DATA_DIR}-template`;
  const templatePort = readyPort + 7;
  const template = spawn(process.execPath, first.args, {
    env: { ...process.env, ...first.env, DATA_DIR: templateDir, PORT: String(templatePort), PUBLIC_URL: `http://127.0.0.1:${templatePort}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(template);
  const exited = new Promise<number | null>((r) => template.once('exit', (code) => r(code)));
  const ready = waitFor(`http://127.0.0.1:${templatePort}/api/health`).then(() => 'ready' as const);
  if ((await Promise.race([ready, exited])) !== 'ready') throw new Error('e2e servers: the demo database could not be made');
  // Stopped: PGlite writes its folder out and closes it.
  template.kill('SIGTERM');
  if ((await exited) !== 0) throw new Error('e2e servers: the demo database server did not stop cleanly');
  children.length = 0;
  rmSync(`${templateDir}/jwt-secret`, { force: true });
  for (const s of seeded) cpSync(templateDir, s.env.DATA_DIR!, { recursive: true });
  console.log(`e2e servers: demo database made after ${seconds()} s`);
}

for (const s of specs) {
  const child = spawn(process.execPath, s.args, { env: { ...process.env, ...s.env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e servers: ${s.name} exited (${signal ?? code}) before the end of the run`);
    stop(1);
  });
  children.push(child);
}

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
await Promise.all(
  specs.map(async (s) => {
    await waitFor(s.url);
    console.log(`e2e servers: ${s.name} ready after ${seconds()} s`);
  }),
);
if (!stopping) createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
