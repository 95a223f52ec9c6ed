import type { Ocpp16 } from '@plugboard/ocpp';
import { uploadFile } from './diagnostics.ts';
import type { SimulatedCharger } from './simulated-charger.ts';

/**
 * GetLog (OCPP 1.6 security whitepaper edition 3, N01): answers Accepted with the file name at once (AcceptedCanceled
 * when an upload of an earlier GetLog was still under way), then uploads the log of that type over HTTP (PUT of the
 * bytes, or POST multipart/form-data), reporting LogStatusNotification Uploading, then Uploaded, or UploadFailure
 * when the upload is refused; each names the GetLog's requestId.
 */
export function attachLogHandler(charger: SimulatedCharger, upload: 'put' | 'multipart' = 'put'): void {
  const { log, later } = charger.internals;
  let uploading = false;
  const status = (s: Ocpp16.LogStatusNotificationRequest['status'], requestId: number) =>
    charger.call('LogStatusNotification', { status: s, requestId });

  charger.client.handle('GetLog', async ({ params }) => {
    const { logType, requestId, log: where } = params as Ocpp16.GetLogRequest;
    log(`⇐ GetLog ${JSON.stringify(params)}`);
    const fileName = `${logType === 'SecurityLog' ? 'security' : 'diagnostics'}-log-${charger.productCode}.log`;
    const window = `${where.oldestTimestamp ?? 'start'} .. ${where.latestTimestamp ?? 'now'}`;
    const content = `${new Date().toISOString()} ${charger.productCode} ${logType} ${window}: all well\n`;
    const canceled = uploading;
    uploading = true;
    later(0, async () => {
      await status('Uploading', requestId);
      const response = await uploadFile(where.remoteLocation, fileName, content, upload).catch(
        (error: unknown) => {
          log(`log upload failed: ${String(error)}`);
          return undefined;
        },
      );
      uploading = false;
      await status(response?.ok ? 'Uploaded' : 'UploadFailure', requestId);
    });
    return Promise.resolve({ status: canceled ? 'AcceptedCanceled' : 'Accepted', filename: fileName });
  });
}
