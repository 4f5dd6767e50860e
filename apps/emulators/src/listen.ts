import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * Starts `server` on 127.0.0.1 (`port` 0: a free one) and answers the port and a close that ends open
 * keep-alive connections too, so a test's teardown does not wait for them.
 */
export async function listenOnLoopback(
  server: Server,
  port = 0,
): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
