import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';

/** An app that logs at info level into `lines`, one JSON object a line, as a node writing to a file does. */
async function aLoggingNode(nodeId?: string) {
  const lines: string[] = [];
  const t = await createTestApp({
    ...(nodeId !== undefined && { nodeId }),
    logLevel: 'info',
    logStream: { write: (line: string) => void lines.push(line) },
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { t, entries };
}

describe('the log of a node', () => {
  it('names the node (NODE_ID) on every line, the lines of its modules too', async () => {
    const { t, entries } = await aLoggingNode('node-7');
    try {
      t.app.log.info('hello from the app');
      t.app.log.child({ module: 'ocpp' }).info('hello from a module');
      expect(entries().length).toBeGreaterThanOrEqual(2);
      for (const entry of entries()) expect(entry).toMatchObject({ nodeId: 'node-7' });
    } finally {
      await t.close();
    }
  });

  it('without NODE_ID, names the node by the id it registered among the nodes', async () => {
    const { t, entries } = await aLoggingNode();
    try {
      t.app.log.info('hello');
      const nodes = await t.db.selectFrom('nodes').select('id').execute();
      expect(nodes).toHaveLength(1);
      expect(entries().at(-1)).toMatchObject({ nodeId: nodes[0]?.id });
    } finally {
      await t.close();
    }
  });
});
