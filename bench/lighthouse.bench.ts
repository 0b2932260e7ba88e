import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { table } from './lib.js';

/**
 * Lighthouse 12 (mobile preset) on the built product, started as `npm start` would (production mode, embedded
 * database with the demo). Also the initial JavaScript of a page: every script the browser fetched before the
 * page settled, gzip-sized. Needs `npm run build` first and Debian's Chromium (CHROME_PATH).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function startServer(port: number): Promise<{ proc: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rides-lh-'));
  const proc = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { proc, dataDir };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill();
  throw new Error('server did not start');
}

/** Gzip size of every JS file the page loaded (by URL path under /assets/), read from the built files. */
function initialJsGzip(urls: string[]): number {
  // The built web app the server serves (WEB_DIST, as config.ts reads it).
  const assets = join(process.env.WEB_DIST ?? join(root, 'apps/web/dist'), 'assets');
  const names = new Set(readdirSync(assets));
  let total = 0;
  for (const url of urls) {
    const name = new URL(url).pathname.split('/').pop() ?? '';
    if (name.endsWith('.js') && names.has(name))
      total += gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
  }
  return total;
}

/** The trip page, the home page and the planners landing page (decision 0031): the pages with a Lighthouse bar. */
export async function lighthouseBench(
  paths = ['/single_ride_with_map/1', '/', '/for-planners'],
): Promise<void> {
  const port = 3390;
  const { proc, dataDir } = await startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Record<string, string | number>[] = [];
  // Lighthouse's own advice: one run is noise; LH_RUNS runs a page (default 3), each reported, then the median.
  const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
  const perPage = new Map<string, Record<string, string | number>[]>();
  try {
    for (const path of paths.flatMap((p) => Array.from({ length: runs }, () => p))) {
      const result = await lighthouse(`http://127.0.0.1:${port}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error('lighthouse gave no result');
      const { categories, audits } = result.lhr;
      // LH_REPORT_DIR keeps each page's full report (long tasks, filmstrip, treemap) for a closer look.
      if (process.env.LH_REPORT_DIR) {
        mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
        writeFileSync(
          join(process.env.LH_REPORT_DIR, `${path.replace(/\W+/g, '_') || 'home'}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const requests =
        (
          audits['network-requests']?.details as
            { items?: { url: string; resourceType?: string }[] } | undefined
        )?.items ?? [];
      const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
      const row = {
        page: path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        'FCP ms': Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        'SI ms': Math.round(audits['speed-index']?.numericValue ?? 0),
        'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        'JS loaded (KB gzip)': Math.round(
          initialJsGzip(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url)) / 1024,
        ),
      };
      rows.push(row);
      perPage.set(path, [...(perPage.get(path) ?? []), row]);
      const lcpNode = (
        audits['largest-contentful-paint-element']?.details as
          { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
      )?.items?.[0]?.items?.[0]?.node?.snippet;
      if (lcpNode) console.log(`${path}: LCP element ${lcpNode.slice(0, 160)}`);
      const failing = Object.values(audits).filter(
        (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
      );
      if (failing.length) console.log(`${path}: audits below 0.9: ${failing.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
    proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The median of each column over a page's runs (scores and timings separately, as Lighthouse's CLI does).
  for (const [path, list] of perPage) {
    if (list.length < 2) continue;
    const median: Record<string, string | number> = { page: `${path} (median of ${list.length})` };
    for (const key of Object.keys(list[0] ?? {})) {
      if (key === 'page') continue;
      const values = list.map((r) => Number(r[key])).sort((a, b) => a - b);
      median[key] = values[Math.floor(values.length / 2)] ?? 0;
    }
    rows.push(median);
  }
  table(rows);
  console.log(
    'Bars (DESIGN.md §6): performance, accessibility, best practices ≥ 95; trip page initial JS ≤ 200 KB gzip.',
  );
}
