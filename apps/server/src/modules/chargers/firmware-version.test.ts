import { describe, expect, it } from 'vitest';
import { compareVersions, newerVersion } from './firmware-version.ts';

describe('firmware versions', () => {
  it('orders dotted numbers as numbers', () => {
    expect(compareVersions('2.10.0', '2.9.1')).toBe(1);
    expect(compareVersions('1.0', '1.0')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
    expect(compareVersions('v1.3', 'V1.3')).toBe(0);
  });

  it('offers only a version newer than the one reported, and nothing when none is reported', () => {
    const catalogue = [{ version: '1.0.0' }, { version: '2.1.0' }, { version: '2.0.5' }];
    expect(newerVersion('2.0.0', catalogue)).toEqual({ version: '2.1.0' });
    expect(newerVersion('2.1.0', catalogue)).toBeUndefined();
    expect(newerVersion(null, catalogue)).toBeUndefined();
  });
});
