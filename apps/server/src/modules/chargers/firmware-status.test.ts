import { describe, expect, it } from 'vitest';
import { firmwareAfterBoot, firmwareUpdating } from './firmware-status.ts';

describe('a firmware update settled by the next boot', () => {
  it('is Installed when the charger boots with another version, though it never reported Installed', () => {
    expect(firmwareAfterBoot({ firmware_status: 'Installing', firmware_version: '1.0.0' }, '2.0.0')).toBe(
      'Installed',
    );
    expect(firmwareAfterBoot({ firmware_status: 'Downloaded', firmware_version: '1.0.0' }, '2.0.0')).toBe(
      'Installed',
    );
  });

  it('failed when the charger boots with the same version after Installing', () => {
    expect(firmwareAfterBoot({ firmware_status: 'Installing', firmware_version: '1.0.0' }, '1.0.0')).toBe(
      'InstallationFailed',
    );
  });

  it('leaves a status that is not an update under way', () => {
    expect(
      firmwareAfterBoot({ firmware_status: 'Installed', firmware_version: '1.0.0' }, '2.0.0'),
    ).toBeUndefined();
    expect(firmwareAfterBoot({ firmware_status: null, firmware_version: null }, '2.0.0')).toBeUndefined();
  });
});

describe('whether a firmware update is under way', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is while the last news of an update in progress is under an hour old', () => {
    expect(
      firmwareUpdating(
        { firmware_status: 'Downloading', firmware_status_at: new Date('2026-11-24T11:30:00Z') },
        now,
      ),
    ).toBe(true);
    expect(
      firmwareUpdating(
        { firmware_status: 'Downloading', firmware_status_at: new Date('2026-11-24T10:30:00Z') },
        now,
      ),
    ).toBe(false);
    expect(firmwareUpdating({ firmware_status: 'Installed', firmware_status_at: now }, now)).toBe(false);
  });
});
