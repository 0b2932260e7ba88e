import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: the database becomes unreachable to whatever connects
 * through it (a process's pool, its LISTEN connection) without touching the server other tests share.
 *  - `cut('refuse')`: every open connection is reset and the port stops listening (a restarted or stopped server:
 *    ECONNRESET, then ECONNREFUSED);
 *  - `cut('blackhole')`: nothing passes any more, on open connections or new ones (accepted, never answered): a network
 *    that drops packets, where only a timeout ends a wait;
 *  - `restore()`: connections pass through again (what waited on a stalled one is delivered, as TCP would resend it).
 */
export interface TcpProxy {
  /** The port to connect to on 127.0.0.1. */
  readonly port: number;
  cut(how: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  /** Each pair of an open connection: the client's side and the database's. */
  const pairs = new Set<[Socket, Socket]>();
  let mode: 'pass' | 'blackhole' = 'pass';
  const flow = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const stall = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const onConnection = (client: Socket) => {
    track(client);
    if (mode === 'blackhole') return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    track(upstream);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    flow(pair);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      pairs.delete(pair);
    });
  };
  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  let listening = true;
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    pairs.clear();
  };
  const stopListening = async () => {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    port,
    async cut(how) {
      if (how === 'refuse') {
        await Promise.all([stopListening(), Promise.resolve(resetAll())]);
        return;
      }
      mode = 'blackhole';
      for (const pair of pairs) stall(pair);
    },
    async restore() {
      if (mode === 'blackhole') for (const pair of pairs) flow(pair);
      mode = 'pass';
      // Connections accepted while nothing passed were never forwarded: they go, as the client gave up on them.
      for (const socket of sockets) if (![...pairs].some((p) => p.includes(socket))) socket.resetAndDestroy();
      if (listening) return;
      server = createServer(onConnection);
      await listen(port);
      listening = true;
    },
    async close() {
      resetAll();
      await stopListening();
    },
  };
}
