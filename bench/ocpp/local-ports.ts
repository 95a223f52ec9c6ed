// The local port each socket binds to. A socket bound to a loopback source address with port 0 makes the kernel
// search that address's ports for a free one, and the sockets of the reconnect storm and the TIME_WAIT ports it
// leaves make the search long: 5,000 reconnections cost 2.4 s of kernel time in the client that way, against 0.07 s
// when each names its port (session 12). So each client takes its ports in turn from a range of its own, below the
// kernel's ephemeral range (which the server's own outgoing connections use); the server sees a connection from
// the same source address either way.

/** The ports [from, to) a client binds its sockets to; undefined: let the kernel choose. */
export type PortRange = { from: number; to: number } | undefined;

/** Splits the ports below the kernel's ephemeral range into one range per client. */
export function portRanges(ephemeralFrom: number, clients: number): PortRange[] {
  const from = 1024;
  const each = Math.floor((ephemeralFrom - from) / clients);
  return Array.from({ length: clients }, (_, i) =>
    each < 1000 ? undefined : { from: from + i * each, to: from + (i + 1) * each },
  );
}

/**
 * The next port for a source address. Ports are taken in turn per address, so one is used again only after all
 * the others of the range: about eight connections later for each charger at 4,000 chargers an address.
 */
export function portPicker(range: PortRange) {
  const next = new Map<string, number>();
  return (address: string): number => {
    if (!range) return 0;
    const port = next.get(address) ?? range.from;
    next.set(address, port + 1 < range.to ? port + 1 : range.from);
    return port;
  };
}

/**
 * A port another socket already holds (a listener, or the same four-tuple still in TIME_WAIT after the range
 * came round): the kernel refused this port, not the server the connection; the next port is tried at once.
 */
export const portTaken = (error: unknown) =>
  ['EADDRINUSE', 'EADDRNOTAVAIL'].includes((error as NodeJS.ErrnoException).code ?? '');
