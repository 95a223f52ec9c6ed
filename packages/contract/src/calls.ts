import type { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import { accountCalls } from './account.calls.ts';
import { verifyCodeCalls } from './verify-code.calls.ts';
import { siteCalls } from './sites.calls.ts';
import { chargerCalls } from './chargers.calls.ts';
import { cardCalls } from './cards.calls.ts';
import { tariffCalls } from './tariffs.calls.ts';
import { sessionCalls } from './sessions.calls.ts';
import { invoiceCalls } from './invoices.calls.ts';
import { noticeCalls } from './notices.calls.ts';
import { displayCalls } from './display.calls.ts';
import { overviewCalls } from './overview.calls.ts';
import { localListCalls } from './local-list.calls.ts';
import { reservationCalls } from './reservations.calls.ts';
import { diagnosticsCalls } from './diagnostics.calls.ts';
import { loadCalls } from './load.calls.ts';
import { ocppLogCalls } from './ocpp-log.calls.ts';
import { chargerToolCalls } from './charger-tools.calls.ts';
import { certificateCalls } from './certificates.calls.ts';
import { withPlainTextBodies } from './plain-text.ts';

export type { CallDefinition } from './call-definition.ts';

export const cmsPrefix = '/cms-system/system';

/**
 * Every console call, keyed by path. Each noun declares its calls beside its schemas (`<noun>.calls.ts`), so a
 * feature adds a call without editing this file; calls.test.ts checks that no two nouns claim the same path. Every
 * body refuses NUL and lone surrogates in any of its strings (4129 naming the field: plain-text.ts).
 */
export const calls = withPlainTextBodies({
  ...accountCalls,
  ...verifyCodeCalls,
  ...siteCalls,
  ...chargerCalls,
  ...cardCalls,
  ...tariffCalls,
  ...sessionCalls,
  ...invoiceCalls,
  ...noticeCalls,
  ...displayCalls,
  ...overviewCalls,
  ...localListCalls,
  ...reservationCalls,
  ...diagnosticsCalls,
  ...loadCalls,
  ...ocppLogCalls,
  ...chargerToolCalls,
  ...certificateCalls,
} satisfies Record<string, CallDefinition>);

export type CallPath = keyof typeof calls;

/** What a caller sends to `P` (the zod input of its body: fields with a default may be left out). */
export type CallBody<P extends CallPath> = z.input<(typeof calls)[P]['body']>;

/** The `data` that `P` answers. */
export type CallData<P extends CallPath> = z.output<(typeof calls)[P]['data']>;

/** Who may make call `P`: 'none', 'account' or 'site' (see CallDefinition). */
export type CallAccess<P extends CallPath> = (typeof calls)[P]['access'];
