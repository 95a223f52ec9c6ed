import { X509Certificate, constants, verify } from 'node:crypto';
import type { Ocpp16 } from '@plugboard/ocpp';
import type { SimulatedCharger } from './simulated-charger.ts';

export type SignedFirmwareStatus = Ocpp16.SignedFirmwareStatusNotificationRequest['status'];
type Firmware = Ocpp16.SignedUpdateFirmwareRequest['firmware'];

/** Statuses after which no signed update is under way: a trigger then hears Idle (whitepaper L01). */
const finished: readonly SignedFirmwareStatus[] = [
  'Idle',
  'Installed',
  'DownloadFailed',
  'InstallationFailed',
  'InstallVerificationFailed',
  'InvalidSignature',
];

type Job = { requestId: number; cancelled: boolean };
const progress = new WeakMap<SimulatedCharger, { status: SignedFirmwareStatus; requestId: number }>();

/**
 * What ExtendedTriggerMessage FirmwareStatusNotification reports: the status of the signed update under way with its
 * requestId, or Idle (without one) when none is.
 */
export function signedFirmwareReport(
  charger: SimulatedCharger,
): Ocpp16.SignedFirmwareStatusNotificationRequest {
  const last = progress.get(charger);
  return !last || finished.includes(last.status) ? { status: 'Idle' } : last;
}

/**
 * Whether `signature` (base64) signs `content` with the certificate's key: RSA-PSS over SHA-256 as the whitepaper
 * asks, or ECDSA over SHA-256 for an EC key (node has no ECSchnorr; ECDSA is what EC firmware signing uses in the
 * field).
 */
export function verifiesFirmware(content: Buffer, signature: string, certificate: X509Certificate): boolean {
  const key = certificate.publicKey;
  const bytes = Buffer.from(signature, 'base64');
  try {
    if (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') {
      return verify(
        'sha256',
        content,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO },
        bytes,
      );
    }
    return verify('sha256', content, key, bytes);
  } catch {
    return false;
  }
}

/**
 * SignedUpdateFirmware (OCPP 1.6 security whitepaper edition 3, L01). The signing certificate must read as an X.509
 * certificate valid now, else InvalidCertificate (and a SecurityEventNotification InvalidFirmwareSigningCertificate);
 * an update under way is cancelled for the new one (AcceptedCanceled). From retrieveDateTime on it downloads the
 * location (retries and retryInterval as asked), checks the signature over the whole file, and reports each step with
 * the requestId: Downloading, Downloaded (or DownloadFailed), SignatureVerified (or InvalidSignature, with the
 * security event InvalidFirmwareSignature), InstallScheduled until installDateTime if later, Installing, Installed;
 * then it reboots into the version the location names.
 */
export function attachSignedFirmwareHandler(charger: SimulatedCharger): void {
  const { log, later, state, firmwareStepMs, connectors } = charger.internals;
  let current: Job | undefined;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const until = (iso: string | undefined) => (iso ? Math.max(0, new Date(iso).getTime() - Date.now()) : 0);

  const securityEvent = (type: string, techInfo: string) =>
    charger
      .call('SecurityEventNotification', { type, timestamp: new Date().toISOString(), techInfo })
      .catch((error: unknown) => log(`security event not sent: ${String(error)}`));

  const report = async (job: Job, status: SignedFirmwareStatus) => {
    progress.set(charger, { status, requestId: job.requestId });
    await charger.call('SignedFirmwareStatusNotification', { status, requestId: job.requestId });
  };

  const download = async (location: string, attempts: number, retryMs: number): Promise<Buffer | null> => {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const response = await fetch(location).catch((error: unknown) => {
        log(`firmware download failed: ${String(error)}`);
        return undefined;
      });
      if (response?.ok) return Buffer.from(await response.arrayBuffer());
      if (attempt < attempts) await wait(retryMs);
    }
    return null;
  };

  const run = async (
    job: Job,
    firmware: Firmware,
    certificate: X509Certificate,
    retries: number,
    retryS: number,
  ) => {
    if (job.cancelled) return;
    await report(job, 'Downloading');
    const content = await download(firmware.location, 1 + retries, retryS * 1000);
    if (job.cancelled) return;
    if (!content) return report(job, 'DownloadFailed');
    await report(job, 'Downloaded');
    if (!verifiesFirmware(content, firmware.signature, certificate)) {
      await report(job, 'InvalidSignature');
      await securityEvent('InvalidFirmwareSignature', `requestId ${job.requestId}`);
      return;
    }
    await report(job, 'SignatureVerified');
    // Installed at installDateTime, and (L01: it cannot charge while installing) once no transaction runs.
    const charging = () => [...connectors.values()].some((c) => c.transactionId !== null);
    const installIn = until(firmware.installDateTime);
    if (installIn > 0 || charging()) {
      await report(job, 'InstallScheduled');
      await wait(installIn);
      while (charging() && !job.cancelled) await wait(100);
    }
    if (job.cancelled) return;
    await report(job, 'Installing');
    await wait(firmwareStepMs);
    if (job.cancelled) return;
    // The version is read from the file's name (a host may be an IP address, digits and dots as well).
    const file = firmware.location.split('?')[0]?.split('/').pop() ?? '';
    const version = /(\d+(?:\.\d+)+)/.exec(file)?.[1] ?? `${state.firmwareVersion}+1`;
    state.firmwareVersion = version;
    await report(job, 'Installed');
    log(`signed firmware ${version} installed (request ${job.requestId})`);
    await charger.reboot();
  };

  charger.client.handle('SignedUpdateFirmware', async ({ params }) => {
    const { requestId, firmware, retries, retryInterval } = params as Ocpp16.SignedUpdateFirmwareRequest;
    log(`⇐ SignedUpdateFirmware ${JSON.stringify(params)}`);
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(firmware.signingCertificate);
      const now = Date.now();
      if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now)
        throw new Error('not valid now');
    } catch (error) {
      later(0, () =>
        securityEvent('InvalidFirmwareSigningCertificate', `requestId ${requestId}: ${String(error)}`),
      );
      return Promise.resolve({ status: 'InvalidCertificate' as const });
    }
    const last = progress.get(charger);
    const underWay = current !== undefined && !current.cancelled && !!last && !finished.includes(last.status);
    if (current) current.cancelled = true;
    const job: Job = { requestId, cancelled: false };
    current = job;
    later(until(firmware.retrieveDateTime), () =>
      run(job, firmware, certificate, retries ?? 0, retryInterval ?? 1),
    );
    return Promise.resolve({ status: underWay ? ('AcceptedCanceled' as const) : ('Accepted' as const) });
  });
}
