/**
 * A TCP forwarder on a fixed local port that a test opens and shuts: while shut, connections to the
 * port are refused exactly as if the service behind it were down; while open, bytes pass through to
 * the real service. Lets a test take a shared server (Temporal) "down" for one client only.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpGate {
  address: string;
  open(): Promise<void>;
  shut(): Promise<void>;
}

export async function tcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    address: `127.0.0.1:${port}`,
    open: async () => {
      server = createServer((inbound) => {
        const outbound = connect(target.port, target.host);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    shut: async () => {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    },
  };
}
