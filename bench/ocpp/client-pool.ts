// The load client processes: forked, each given a share of the chargers, driven phase by phase.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { portRanges } from './local-ports.ts';
import { ephemeralPortsFrom } from './proc-stats.ts';
import type { ChargerLogin, FromClient, ToClient } from './protocol.ts';

export type ClientPool = {
  pids: number[];
  /**
   * Sends the command (or the command for client i) to every client and waits for each one's answer, a failure or
   * the time limit.
   */
  each: <T extends FromClient>(
    command: ToClient | ((i: number) => ToClient),
    limitMs: number,
  ) => Promise<T[]>;
  stop: () => Promise<void>;
};

export async function startClients(options: {
  count: number;
  /** One per server node. */
  urls: string[];
  chargers: ChargerLogin[];
  localAddresses: string[];
  callTimeoutMs: number;
}): Promise<ClientPool> {
  const children: ChildProcess[] = Array.from({ length: options.count }, () =>
    fork(path.join(import.meta.dirname, 'load-client.ts'), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );

  const answer = <T extends FromClient>(child: ChildProcess, command: ToClient, limitMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`${command.type}: no answer within ${limitMs} ms`)),
        limitMs,
      );
      const onMessage = (message: FromClient) => {
        if (message.type === 'failed') finish(new Error(`load client: ${message.message}`));
        else finish(undefined, message as T);
      };
      const onExit = (code: number | null) =>
        finish(new Error(`a load client exited (${code}) during ${command.type}`));
      const finish = (error?: Error, value?: T) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(value!);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });

  const share = Math.ceil(options.chargers.length / options.count);
  const ports = portRanges(ephemeralPortsFrom(), options.count);
  await Promise.all(
    children.map((child, i) =>
      answer(
        child,
        {
          type: 'init',
          urls: options.urls,
          chargers: options.chargers.slice(i * share, (i + 1) * share),
          firstIndex: i * share,
          localAddresses: options.localAddresses,
          ports: ports[i],
          callTimeoutMs: options.callTimeoutMs,
        },
        30_000,
      ),
    ),
  );

  return {
    pids: children.map((c) => c.pid!),
    each: <T extends FromClient>(command: ToClient | ((i: number) => ToClient), limitMs: number) =>
      Promise.all(
        children.map((child, i) =>
          answer<T>(child, typeof command === 'function' ? command(i) : command, limitMs),
        ),
      ),
    stop: async () => {
      await Promise.allSettled(children.map((child) => answer(child, { type: 'stop' }, 15_000)));
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
