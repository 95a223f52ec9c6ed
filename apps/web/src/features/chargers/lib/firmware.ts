/** The firmware statuses the server passes on (OCPP FirmwareStatus, plus its own 'Requested'), as locale keys. */
export const firmwareStatuses = [
  'Requested',
  'Downloading',
  'Downloaded',
  'Installing',
  'Installed',
  'DownloadFailed',
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
      return { percent: 10, failed: false };
    case 'Downloading':
      return { percent: 35, failed: false };
    case 'Downloaded':
      return { percent: 55, failed: false };
    case 'Installing':
      return { percent: 80, failed: false };
    case 'Installed':
      return { percent: 100, failed: false };
    case 'DownloadFailed':
    case 'InstallationFailed':
      return { percent: 100, failed: true };
    case 'Idle':
      return null;
  }
}
