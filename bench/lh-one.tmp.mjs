import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--no-first-run'] });
const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['best-practices'], output: 'json', logLevel: 'error' });
const a = r.lhr.audits;
console.log('bp', r.lhr.categories['best-practices'].score);
for (const x of Object.values(a)) if (x.score !== null && x.score < 1) console.log(x.id, x.score, JSON.stringify(x.details?.items ?? null).slice(0, 1500));
await chrome.kill();
