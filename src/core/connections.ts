import type { Server } from 'node:http';

/**
 * Closes a new connection at once while its peer address holds `most` open ones already, so that
 * one client cannot take every file descriptor of the process with idle connections. Behind a
 * reverse proxy the peer is the proxy. `most` 0: no limit.
 */
export function limitConnectionsPerAddress(server: Server, most: number): void {
  if (most <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= most) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
