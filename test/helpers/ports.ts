import { createServer, type Server } from 'node:net';

/** A server listening on 127.0.0.1 at this port (0: any free one), accepting nothing yet: the port is held until it closes. */
export function listeningSocket(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The port a listening server is bound to. */
export function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}
