import type { ChargerRow, ConnectorRow } from './chargers.repository.ts';

/**
 * The OCPP 1.6 connector statuses (section 4.9) under which the charger shows a transaction of its own on that
 * connector: energy flows or is held back (Charging, SuspendedEV, SuspendedEVSE), or it has just stopped and its
 * StopTransaction is on its way (Finishing). A session on such a connector is stopped, never closed by hand.
 */
const runningStatuses: readonly string[] = ['Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing'];

export type CloseEvidence = {
  charger: Pick<ChargerRow, 'connected' | 'booted_at'>;
  /** The session's connector as the charger last reported it; undefined when it never did. */
  connector: Pick<ConnectorRow, 'status' | 'ocpp_status' | 'updated_at'> | undefined;
  /** When this server recorded the session's start (its StartTransaction). */
  session: { created_at: Date };
};

/**
 * Whether an ongoing session may be closed by hand (docs/ocpp.md, "Forgotten sessions"): always when the charger is
 * offline; when it is online, only once the charger itself shows the session no longer runs on it, i.e. it does not
 * show the connector in a running status and either reported its connector since its StartTransaction came (Available,
 * Preparing, Reserved, Unavailable, Faulted: none carries a transaction, and a charger that still ran one would
 * have said Charging or Suspended* after its StartTransaction) or booted since then (it lost the transaction with
 * its restart and has not reported the connector running since).
 */
export function closableByHand({ charger, connector, session }: CloseEvidence): boolean {
  if (!charger.connected) return true;
  // After a boot, status 'online' marks a connector not reported since: what it said before the boot is void.
  const reportedSinceBoot = connector !== undefined && connector.status !== 'online';
  if (reportedSinceBoot && runningStatuses.includes(connector.ocpp_status)) return false;
  // This server's clock on both sides: a charger's timestamps may lag (a start queued while it was offline).
  const reportedSinceStart = reportedSinceBoot && connector.updated_at > session.created_at;
  const bootedSinceStart = charger.booted_at !== null && charger.booted_at > session.created_at;
  return reportedSinceStart || bootedSinceStart;
}
