import type { AppEvents } from '../../lib/event-bus.ts';
import type { ChargerState, ConnectorRow } from './chargers.repository.ts';

/** The `charger.status` event of a charger's state, and of the connector whose report changed it. */
export function statusEvent(state: ChargerState, connector?: ConnectorRow): AppEvents['charger.status'] {
  return {
    stationId: state.station_id,
    chargerId: state.id,
    productCode: state.product_code,
    status: state.status,
    connected: state.connected,
    errorCode: state.error_code,
    firmwareStatus: state.firmware_status,
    ...(connector && {
      connector: {
        connectorId: connector.connector_id,
        status: connector.status,
        ocppStatus: connector.ocpp_status,
        errorCode: connector.error_code,
      },
    }),
  };
}
