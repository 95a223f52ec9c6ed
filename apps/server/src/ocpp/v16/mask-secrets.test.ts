import { describe, expect, it } from 'vitest';
import { maskSecrets, maskUrl } from './mask-secrets.ts';

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

  it("masks the one-time token of the server's upload URL and secret query values, the rest readable", () => {
    expect(
      maskSecrets('GetDiagnostics', 'call', {
        location: 'https://cms.example/ocpp-diagnostics/PED2fj1Cg7foCG0mYU9gQO5e6yoEI2_U',
        retries: 2,
      }),
    ).toEqual({ location: 'https://cms.example/ocpp-diagnostics/********', retries: 2 });
    expect(
      maskSecrets('GetLog', 'call', {
        logType: 'SecurityLog',
        requestId: 3,
        log: { remoteLocation: 'https://cms.example/ocpp-diagnostics/SEcc_zkVix2So6Fy' },
      }),
    ).toEqual({
      logType: 'SecurityLog',
      requestId: 3,
      log: { remoteLocation: 'https://cms.example/ocpp-diagnostics/********' },
    });
    expect(
      maskSecrets('SignedUpdateFirmware', 'call', {
        requestId: 1,
        firmware: {
          location:
            'https://bucket.s3.example/fw/2.0.bin?X-Amz-Credential=AKIA%2F2026&X-Amz-Date=20261125T000000Z&X-Amz-Signature=9f2e',
          retrieveDateTime: '2026-11-25T00:00:00Z',
        },
      }),
    ).toMatchObject({
      firmware: {
        location:
          'https://bucket.s3.example/fw/2.0.bin?X-Amz-Credential=********&X-Amz-Date=20261125T000000Z&X-Amz-Signature=********',
      },
    });
    expect(maskUrl('https://files.example/fw.bin?version=2&sig=abc#part')).toBe(
      'https://files.example/fw.bin?version=2&sig=********#part',
    );
    expect(maskUrl('https://u:p@files.example/a?token=x&v=1')).toBe(
      'https://********@files.example/a?token=********&v=1',
    );
    expect(maskUrl('https://files.example/ocpp-diagnostics-notes/readme')).toBe(
      'https://files.example/ocpp-diagnostics-notes/readme',
    );
  });
});
