import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a fake outside service's server on a free port of 127.0.0.1 (the fakes of Google, Facebook, Google Places
 * and Nominatim, the chat-completions server): its base URL, and a close that also ends the connections a client kept
 * alive. `port` 0 (the default) takes any free one; the browser tests give a fixed one (e2e/support/servers.ts).
 */
export async function listenLocally(server: Server, port = 0): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
