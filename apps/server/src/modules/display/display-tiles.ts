import type { Charger, DisplayMessage, DisplayTile, LiveMessage } from '@plugboard/contract';

/** A charger that answers now: what it last said of power is what flows (an offline one's readings are history). */
const isLive = (charger: Charger) => charger.connected && charger.status !== 'offline';

/**
 * A charger's tile: what a lobby screen may show of it (no product code unless it has no alias, no PIN hint). The
 * power is the ongoing session's newest reading while the charger is connected; an offline charger's session keeps
 * its energy so far but no power (as the chargers list leaves out its currents and the overview its power).
 */
export function toTile(charger: Charger, powerW: number | null): DisplayTile {
  const session = charger.ongoingSession;
  return {
    chargerId: charger.id,
    name: charger.alias || charger.productCode,
    status: charger.status,
    connected: charger.connected,
    errorCode: charger.errorCode,
    powerW: session && isLive(charger) ? powerW : null,
    currentL1: charger.currentL1,
    currentL2: charger.currentL2,
    currentL3: charger.currentL3,
    session: session ? { startTime: session.startTime, energyWh: session.energyWh } : null,
  };
}

/**
 * The console's live message as a display's: display data only. A charger's list item becomes its tile; a meter
 * reading carries the power, other changes leave it out (the screen keeps the last one while the session runs)
 * unless the charger went offline: then the tile says null, no power known.
 */
export function toDisplayMessage(message: LiveMessage): DisplayMessage | null {
  switch (message.type) {
    case 'ready':
      return { type: 'ready', stationId: message.stationId };
    case 'charger.status':
    case 'charger.changed': {
      const { charger } = message;
      if (!charger) return { type: 'tile', chargerId: message.chargerId, tile: null };
      if (!isLive(charger))
        return { type: 'tile', chargerId: message.chargerId, tile: toTile(charger, null) };
      const { powerW: _unknown, ...tile } = toTile(charger, null);
      return { type: 'tile', chargerId: message.chargerId, tile };
    }
    case 'meter.values': {
      const { charger } = message;
      if (!charger) return { type: 'tile', chargerId: message.chargerId, tile: null };
      return { type: 'tile', chargerId: message.chargerId, tile: toTile(charger, message.powerW) };
    }
    case 'session.started':
      return { type: 'session.started', chargerId: message.chargerId, startTime: message.startTime };
    case 'session.stopped':
      return { type: 'session.stopped', chargerId: message.chargerId, energyWh: message.energyWh };
    case 'notice.changed':
      // The invoice footer is not the display's business.
      return message.kind === 'display' ? { type: 'notice.changed' } : null;
  }
}
