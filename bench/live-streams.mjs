// Holds many open event streams for bench/live.bench.ts in a thread of its own, so reading them costs the load
// generator nothing. workerData: { url, count }; answers { opened } once open, then { changes } when asked.
import { get } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, count } = workerData;
const streams = [];
let changes = 0;
const open = (i) =>
  new Promise((resolve, reject) => {
    get(url, { agent: false, localAddress: `127.0.0.${2 + (i % 100)}` }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        changes += chunk.split('event: change').length - 1;
      });
      res.on('error', () => undefined);
      streams.push(res);
      resolve();
    }).on('error', reject);
  });
for (let i = 0; i < count; i += 100)
  await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)));
parentPort.postMessage({ opened: streams.length });
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ changes });
  if (m === 'close') {
    for (const s of streams) s.destroy();
    parentPort.postMessage({ closed: true });
  }
});
