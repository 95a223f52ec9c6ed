import { describe, expectTypeOf, it } from 'vitest';
import type { Charger, ChargerList, Tariff, UserInfo } from '@plugboard/contract';
import { apiPost } from './api-client';

// What the contract's call map makes of apiPost, checked by the typecheck: the calls sit in functions that are
// never run, and each `@ts-expect-error` fails the typecheck if the line below it ever compiles.

const chargerDetail = '/cms-system/system/charger/v2/detail';
const chargerList = '/cms-system/system/charger/v2/list';
const chargerReboot = '/cms-system/system/charger/v2/reboot';
const tariffDetail = '/cms-system/system/tariff/v2/detail';
const userDetail = '/cms-system/system/user/v2/detail';
const login = '/cms-system/system/user/v2/login';

describe('apiPost typed by the contract', () => {
  it('answers the data of the path it calls', () => {
    expectTypeOf(() => apiPost(chargerDetail, { chargerId: 1 })).returns.resolves.toEqualTypeOf<Charger>();
    expectTypeOf(() => apiPost(chargerList, { pageNum: 1 })).returns.resolves.toEqualTypeOf<ChargerList>();
    expectTypeOf(() => apiPost(tariffDetail)).returns.resolves.toEqualTypeOf<Tariff | null>();
    expectTypeOf(() => apiPost(userDetail)).returns.resolves.toEqualTypeOf<UserInfo>();
  });

  it('takes the body of the path: site calls without stationId, defaults left out, empty bodies left out', () => {
    const fine = async () => {
      await apiPost(chargerDetail, { chargerId: 1 });
      await apiPost(chargerDetail, { chargerId: 1, stationId: 7 });
      await apiPost(chargerReboot, { chargerId: 1 });
      await apiPost(userDetail);
      await apiPost(login, { email: 'a@b.c', password: 'secret' }, { noSite: true });
    };
    expectTypeOf(fine).returns.resolves.toBeVoid();
  });

  it('refuses a wrong path, a wrong body and a misused answer', () => {
    const wrong = async () => {
      // @ts-expect-error not a call of the contract
      await apiPost('/cms-system/system/charger/v2/nothing', {});
      // @ts-expect-error chargerId is a number
      await apiPost(chargerDetail, { chargerId: '1' });
      // @ts-expect-error the charger detail needs a chargerId
      await apiPost(chargerDetail);
      // @ts-expect-error a field the call does not take
      await apiPost(chargerDetail, { chargerId: 1, alias: 'A' });
      // @ts-expect-error login needs the password
      await apiPost(login, { email: 'a@b.c' }, { noSite: true });
      // @ts-expect-error an unknown reboot type
      await apiPost(chargerReboot, { chargerId: 1, type: 'Warm' });

      const tariff = await apiPost(tariffDetail);
      // @ts-expect-error the tariff is null before the first one is saved
      void tariff.energyPrice;
      const charger = await apiPost(chargerDetail, { chargerId: 1 });
      // @ts-expect-error a charger is no list
      void charger.list;
    };
    expectTypeOf(wrong).toBeFunction();
  });
});
