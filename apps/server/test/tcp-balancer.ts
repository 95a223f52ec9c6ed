import net from 'node:net';

/**
 * A load balancer for tests, in front of several server nodes: each new TCP connection goes to the first port of
 * `ports()` that accepts it, and lives and dies with that upstream connection (no sticky sessions).
 */
export async function tcpBalancer(ports: () => number[]) {
  const connections = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => {});
    const tryPort = (left: number[]) => {
      const [port, ...rest] = left;
      if (port === undefined || client.destroyed) return client.destroy();
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        connections.add(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      upstream.on('error', () => {
        if (!connected) tryPort(rest);
      });
      upstream.on('close', () => {
        connections.delete(upstream);
        if (connected) client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    tryPort(ports());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
