import type {
  ChangeAvailability,
  ChangeConfiguration,
  ChargerConfiguration,
  ConfigurationStatus,
  DataTransfer,
  DataTransferAnswer,
  ExtendedTriggerMessage,
  GetConfiguration,
  TriggerMessage,
  UnlockConnector,
} from '@plugboard/contract';
import type { ChargerLink } from './charger-link.ts';
import type { ChargerViewService } from './charger-view.service.ts';

export type ChargerToolsDeps = {
  chargerView: Pick<ChargerViewService, 'detail'>;
  link: ChargerLink;
};

type Ref = { chargerId: number };

/**
 * The console's OCPP troubleshooting operations: each sends one message to a charger of the site (1001 for another
 * site's) through the registry and answers what the charger said. Offline or silent: 1003; a CALLERROR: 1039.
 */
export function chargerToolsService({ chargerView, link }: ChargerToolsDeps) {
  const productCodeOf = async (stationId: number, chargerId: number) =>
    (await chargerView.detail(stationId, chargerId)).productCode;

  return {
    changeAvailability: async (
      stationId: number,
      { chargerId, connectorId, type }: Omit<ChangeAvailability, 'stationId'>,
    ) => link.send(await productCodeOf(stationId, chargerId), 'ChangeAvailability', { connectorId, type }),

    unlockConnector: async (
      stationId: number,
      { chargerId, connectorId }: Omit<UnlockConnector, 'stationId'>,
    ) => link.send(await productCodeOf(stationId, chargerId), 'UnlockConnector', { connectorId }),

    clearCache: async (stationId: number, { chargerId }: Ref) =>
      link.send(await productCodeOf(stationId, chargerId), 'ClearCache', {}),

    triggerMessage: async (
      stationId: number,
      { chargerId, requestedMessage, connectorId }: Omit<TriggerMessage, 'stationId'>,
    ) =>
      link.send(await productCodeOf(stationId, chargerId), 'TriggerMessage', {
        requestedMessage,
        ...(connectorId !== undefined && { connectorId }),
      }),

    // Security whitepaper ed. 3: the charger answers, then sends the message (FirmwareStatusNotification comes as
    // SignedFirmwareStatusNotification, SignChargePointCertificate as SignCertificate).
    extendedTriggerMessage: async (
      stationId: number,
      { chargerId, requestedMessage, connectorId }: Omit<ExtendedTriggerMessage, 'stationId'>,
    ) =>
      link.send(await productCodeOf(stationId, chargerId), 'ExtendedTriggerMessage', {
        requestedMessage,
        ...(connectorId !== undefined && { connectorId }),
      }),

    getConfiguration: async (
      stationId: number,
      { chargerId, keys }: Omit<GetConfiguration, 'stationId'>,
    ): Promise<ChargerConfiguration> => {
      const answer = await link.send(
        await productCodeOf(stationId, chargerId),
        'GetConfiguration',
        keys && keys.length > 0 ? { key: keys } : {},
      );
      return {
        keys: (answer.configurationKey ?? [])
          .map((entry) => ({ key: entry.key, readonly: entry.readonly, value: entry.value ?? null }))
          .sort((a, b) => a.key.localeCompare(b.key, 'en')),
        unknownKeys: answer.unknownKey ?? [],
      };
    },

    dataTransfer: async (
      stationId: number,
      { chargerId, vendorId, messageId, data }: Omit<DataTransfer, 'stationId'>,
    ): Promise<DataTransferAnswer> => {
      const answer = await link.send(await productCodeOf(stationId, chargerId), 'DataTransfer', {
        vendorId,
        ...(messageId && { messageId }),
        ...(data !== undefined && { data }),
      });
      return { status: answer.status, data: answer.data ?? null };
    },

    changeConfiguration: async (
      stationId: number,
      { chargerId, key, value }: Omit<ChangeConfiguration, 'stationId'>,
    ): Promise<{ status: ConfigurationStatus }> =>
      link.send(await productCodeOf(stationId, chargerId), 'ChangeConfiguration', { key, value }),
  };
}

export type ChargerToolsService = ReturnType<typeof chargerToolsService>;
