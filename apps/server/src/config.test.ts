import path from 'node:path';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the configuration', () => {
  it('trusts no proxy unless told, so that clients cannot choose their own address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
  });

  it('refuses an SMTP_URL that is not a URL, naming it', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('logs readable lines to a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it('names the node by host name and port unless NODE_ID is set', () => {
    expect(loadConfig({ PORT: '8081' }).nodeId).toBe(`${os.hostname()}:8081`);
    expect(loadConfig({ NODE_ID: 'node-a' }).nodeId).toBe('node-a');
  });

  it('serves TLS with both TLS_CERT and TLS_KEY, and refuses half of it or a client CA alone', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT: 'a.pem', TLS_KEY: 'a.key', TLS_CLIENT_CA: 'ca.pem' }).tls).toEqual({
      cert: path.resolve('a.pem'),
      key: path.resolve('a.key'),
      clientCa: path.resolve('ca.pem'),
    });
    expect(() => loadConfig({ TLS_CERT: 'a.pem' })).toThrow(/TLS_CERT and TLS_KEY/);
    expect(() => loadConfig({ TLS_CLIENT_CA: 'ca.pem' })).toThrow(/TLS_CLIENT_CA/);
  });

  it("signs chargers' certificates with both CHARGER_CA_CERT and CHARGER_CA_KEY, and refuses half of it", () => {
    expect(loadConfig({}).chargerCa).toBeUndefined();
    expect(loadConfig({ CHARGER_CA_CERT: 'ca.pem', CHARGER_CA_KEY: 'ca.key' }).chargerCa).toEqual({
      cert: path.resolve('ca.pem'),
      key: path.resolve('ca.key'),
    });
    expect(() => loadConfig({ CHARGER_CA_KEY: 'ca.key' })).toThrow(/CHARGER_CA_CERT and CHARGER_CA_KEY/);
  });
});
