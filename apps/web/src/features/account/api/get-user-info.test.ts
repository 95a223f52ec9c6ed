import { describe, expect, it } from 'vitest';
import { getOwnEnterpriseId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { getUserInfo, userInfoPath } from './get-user-info';

describe('user info', () => {
  it("stores the account's id as cms-ownEnterpriseId", async () => {
    setToken('token');
    const user = {
      id: 41,
      email: 'ada@example.com',
      name: 'Ada',
      companyName: '',
      companyAddress: '',
      vatNumber: '',
      language: 'en_US',
      avatar: null,
    };
    fakeServer({ [userInfoPath]: envelope(200, 'success', user) });
    expect(await getUserInfo()).toEqual(user);
    expect(getOwnEnterpriseId()).toBe('41');
    expect(localStorage.getItem('cms-ownEnterpriseId')).toBe('41');
  });
});
