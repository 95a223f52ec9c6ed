/**
 * The flags Node runs the server with. `npm start` and `npm run dev` pass them (apps/server/package.json), as do the
 * server's tests, the benchmarks and docs/deployment.md's commands (node-flags.test.ts checks that they agree). On the
 * command line, because V8 reads them when it creates the heap: `v8.setFlagsFromString` later leaves the memory
 * reducer running (tried).
 *
 * Both are about full garbage collections. On this 2-core machine one stalls a node holding 16,667 chargers for 1-1.3 s,
 * and two in one minute put the round trips' p99 over 250 ms (bench/ocpp/README.md, session 15). Such a node under
 * load promotes 1.3-2.5 MB/s into its old generation.
 * - `--no-memory-reducer`: once no full collection has run for 100 s, V8's memory reducer starts one even under load,
 *   and then lets the old generation grow by a tenth only: two more full collections followed within 20 s.
 * - `--heap-growing-percent=200`: the next full collection comes when the old generation has grown to three times what
 *   the last one kept. Under this load V8 chose 1.2-1.4 times (its collections are fast next to what the node
 *   promotes): one every 25-75 s a node. With three times, one every 5.4 minutes once the heap has settled (ten
 *   minutes of load measured, bench/ocpp/README.md session 16). Four times (V8's own most on a machine with this much
 *   memory) costs 300 MiB more a node for stalls that are already rare. The price is memory: a node's heap reaches
 *   about three times its live objects (docs/deployment.md, Sizing), and is not shrunk when the load ends, only at
 *   the next full collection.
 */
export const serverNodeFlags: readonly string[] = ['--no-memory-reducer', '--heap-growing-percent=200'];

/** The server's flags that this process was not started with. */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return serverNodeFlags.filter((flag) => !execArgv.includes(flag));
}
