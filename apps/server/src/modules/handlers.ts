import type { Db } from '../db/client.ts';
import type { CallHandlers, CallPath } from '../lib/calls.ts';
import type { SessionService } from './session/session.service.ts';

export type ModuleDeps = { db: Db; sessions: SessionService; now: () => Date };

/** Every module's call handlers, combined; the type makes a contract call without a handler a compile error. */
export function handlers(_deps: ModuleDeps): CallHandlers<CallPath> {
  return {};
}
