import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets.ts';

describe('maskSecrets', () => {
  it('masks secret configuration values sent and read back', () => {
    expect(maskSecrets('ChangeConfiguration', 'call', { key: 'AuthorizationKey', value: 'abc' })).toEqual({
      key: 'AuthorizationKey',
      value: '********',
    });
    expect(maskSecrets('ChangeConfiguration', 'call', { key: 'WifiPassword', value: 'abc' })).toMatchObject({
      value: '********',
    });
    expect(maskSecrets('ChangeConfiguration', 'call', { key: 'HeartbeatInterval', value: '60' })).toEqual({
      key: 'HeartbeatInterval',
      value: '60',
    });
    expect(
      maskSecrets('GetConfiguration', 'result', {
        configurationKey: [
          { key: 'AuthorizationKey', readonly: false, value: 'abc' },
          { key: 'HeartbeatInterval', readonly: false, value: '60' },
        ],
      }),
    ).toEqual({
      configurationKey: [
        { key: 'AuthorizationKey', readonly: false, value: '********' },
        { key: 'HeartbeatInterval', readonly: false, value: '60' },
      ],
    });
  });

  it('masks the password of a URL the charger is sent', () => {
    expect(
      maskSecrets('GetDiagnostics', 'call', { location: 'ftp://user:secret@files.example/diag' }),
    ).toEqual({ location: 'ftp://********@files.example/diag' });
    const plain = { location: 'https://files.example/fw.bin', retrieveDate: '2026-01-01T00:00:00Z' };
    expect(maskSecrets('UpdateFirmware', 'call', plain)).toBe(plain);
  });
});
