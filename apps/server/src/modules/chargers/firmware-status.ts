/**
 * Firmware statuses of an update under way: the console's 'Requested', then the charger's own (OCPP 1.6
 * FirmwareStatusNotification, and SignedFirmwareStatusNotification of the security whitepaper).
 */
export const firmwareInProgress: readonly string[] = [
  'Requested',
  'Downloading',
  'Downloaded',
  'Installing',
  'DownloadScheduled',
  'DownloadPaused',
  'SignatureVerified',
  'InstallScheduled',
  'InstallRebooting',
];

/** An update whose last news is older than this is no longer taken as under way (a charger that went silent). */
const updateStaleAfterMs = 60 * 60_000;

/**
 * The firmware status a BootNotification settles, or undefined to leave it. A charger may reboot into its new
 * firmware without reporting Installed: a new version means it installed; the same version after Installing means
 * the installation did not take.
 */
export function firmwareAfterBoot(
  before: { firmware_status: string | null; firmware_version: string | null },
  bootVersion: string | null,
): string | undefined {
  if (!before.firmware_status || !firmwareInProgress.includes(before.firmware_status)) return undefined;
  if (bootVersion !== null && bootVersion !== before.firmware_version) return 'Installed';
  if (before.firmware_status === 'Installing') return 'InstallationFailed';
  return undefined;
}

/** Whether an update is under way (a reboot would break it). */
export function firmwareUpdating(
  charger: { firmware_status: string | null; firmware_status_at: Date | null },
  now: Date,
): boolean {
  return (
    charger.firmware_status !== null &&
    firmwareInProgress.includes(charger.firmware_status) &&
    charger.firmware_status_at !== null &&
    now.getTime() - charger.firmware_status_at.getTime() < updateStaleAfterMs
  );
}
