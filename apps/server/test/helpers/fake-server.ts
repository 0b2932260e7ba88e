import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a fake outside service's server on a free port of 127.0.0.1 (the fakes of Google, Facebook, Google Places
 * and Nominatim): its base URL, and a close that also ends the connections a client kept alive.
 */
export async function listenLocally(server: Server): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
