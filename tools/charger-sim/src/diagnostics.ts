import type { Ocpp16 } from '@plugboard/ocpp';
import type { SimulatedCharger } from './simulated-charger.ts';

/**
 * GetDiagnostics (OCPP 1.6 6.21): answers the file name at once, then uploads a small log to the location over HTTP
 * (PUT of the bytes, or POST multipart/form-data as many chargers do), reporting DiagnosticsStatusNotification
 * Uploading, then Uploaded or UploadFailed.
 */
export function attachDiagnosticsHandler(
  charger: SimulatedCharger,
  upload: 'put' | 'multipart' = 'put',
): void {
  const { log, later } = charger.internals;
  const status = (s: Ocpp16.DiagnosticsStatusNotificationRequest['status']) =>
    charger.call('DiagnosticsStatusNotification', { status: s });

  charger.client.handle('GetDiagnostics', async ({ params }) => {
    const { location } = params as Ocpp16.GetDiagnosticsRequest;
    const fileName = `diagnostics-${charger.productCode}.log`;
    const content = `${new Date().toISOString()} ${charger.productCode} firmware ${charger.firmwareVersion}: all well\n`;
    later(0, async () => {
      await status('Uploading');
      const response = await uploadFile(location, fileName, content, upload).catch((error: unknown) => {
        log(`diagnostics upload failed: ${String(error)}`);
        return undefined;
      });
      await status(response?.ok ? 'Uploaded' : 'UploadFailed');
    });
    return Promise.resolve({ fileName });
  });
}

/** Uploads a file the way the central system's URL takes it: the raw bytes by PUT, or a multipart POST. */
export function uploadFile(location: string, fileName: string, content: string, upload: 'put' | 'multipart') {
  if (upload === 'put') {
    return fetch(location, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: content,
    });
  }
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  return fetch(location, { method: 'POST', body: form });
}
