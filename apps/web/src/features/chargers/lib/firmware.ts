/**
 * The firmware statuses the server passes on (OCPP FirmwareStatus, the security whitepaper's signed ones, plus its
 * own 'Requested'), as locale keys.
 */
export const firmwareStatuses = [
  'Requested',
  'DownloadScheduled',
  'Downloading',
  'DownloadPaused',
  'Downloaded',
  'SignatureVerified',
  'InstallScheduled',
  'Installing',
  'InstallRebooting',
  'Installed',
  'DownloadFailed',
  'InvalidSignature',
  'InstallVerificationFailed',
  'InstallationFailed',
  'Idle',
] as const;
export type FirmwareStatus = (typeof firmwareStatuses)[number];

export const isFirmwareStatus = (value: string | null): value is FirmwareStatus =>
  firmwareStatuses.some((status) => status === value);

/** How far an update has come, for a progress bar: null when no update is under way or it ended. */
export function firmwareProgress(status: FirmwareStatus): { percent: number; failed: boolean } | null {
  switch (status) {
    case 'Requested':
    case 'DownloadScheduled':
      return { percent: 10, failed: false };
    case 'Downloading':
    case 'DownloadPaused':
      return { percent: 35, failed: false };
    case 'Downloaded':
      return { percent: 55, failed: false };
    case 'SignatureVerified':
    case 'InstallScheduled':
      return { percent: 65, failed: false };
    case 'Installing':
      return { percent: 80, failed: false };
    case 'InstallRebooting':
      return { percent: 90, failed: false };
    case 'Installed':
      return { percent: 100, failed: false };
    case 'DownloadFailed':
    case 'InvalidSignature':
    case 'InstallVerificationFailed':
    case 'InstallationFailed':
      return { percent: 100, failed: true };
    case 'Idle':
      return null;
  }
}
