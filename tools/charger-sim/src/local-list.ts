import type { Ocpp16 } from '@plugboard/ocpp';

type IdTagInfo = Ocpp16.AuthorizeResponse['idTagInfo'];

export type LocalListOptions = {
  /** false: a charger without the Local Auth List Management profile (NotSupported, version -1). True by default. */
  supported?: boolean;
  /** SendLocalListMaxLength: entries one SendLocalList may carry (100 by default). */
  sendMaxLength?: number;
  /** LocalAuthListMaxLength: entries the list may hold (1000 by default). */
  maxLength?: number;
};

/**
 * The charger's Local Authorization List (OCPP 1.6 3.5, 5.10, 5.15), kept strictly: a Full update replaces it, a
 * Differential one adds, changes (idTagInfo) or removes (no idTagInfo) entries and needs a higher version than the
 * list's (VersionMismatch), more entries than SendLocalListMaxLength or a list over LocalAuthListMaxLength is
 * Failed. While LocalAuthListEnabled is true, a card is authorized from it when the charger is offline.
 */
export function localAuthList(options: LocalListOptions = {}) {
  const supported = options.supported ?? true;
  const sendMaxLength = options.sendMaxLength ?? 100;
  const maxLength = options.maxLength ?? 1000;
  const entries = new Map<string, IdTagInfo>();
  const state = { version: 0, enabled: false };
  const key = (idTag: string) => idTag.toLowerCase(); // idTags are CiString20

  return {
    state,
    entries,
    configuration: (): [string, string][] =>
      supported
        ? [
            ['LocalAuthListEnabled', String(state.enabled)],
            ['SendLocalListMaxLength', String(sendMaxLength)],
            ['LocalAuthListMaxLength', String(maxLength)],
          ]
        : [],
    readOnlyKeys: supported ? ['SendLocalListMaxLength', 'LocalAuthListMaxLength'] : [],

    /** LocalAuthListEnabled; undefined for any other key. */
    changeConfiguration: (name: string, value: string): Ocpp16.ChangeConfigurationResponse | undefined => {
      if (name !== 'LocalAuthListEnabled' || !supported) return undefined;
      if (value !== 'true' && value !== 'false') return { status: 'Rejected' };
      state.enabled = value === 'true';
      return { status: 'Accepted' };
    },

    SendLocalList: ({
      listVersion,
      updateType,
      localAuthorizationList = [],
    }: Ocpp16.SendLocalListRequest): Ocpp16.SendLocalListResponse => {
      if (!supported) return { status: 'NotSupported' };
      if (localAuthorizationList.length > sendMaxLength) return { status: 'Failed' };
      if (updateType === 'Full') {
        if (localAuthorizationList.some((e) => !e.idTagInfo)) return { status: 'Failed' };
        entries.clear();
      } else if (listVersion <= state.version) {
        return { status: 'VersionMismatch' };
      }
      const next = new Map(entries);
      for (const { idTag, idTagInfo } of localAuthorizationList) {
        if (idTagInfo) next.set(key(idTag), idTagInfo);
        else next.delete(key(idTag));
      }
      if (next.size > maxLength) return { status: 'Failed' };
      entries.clear();
      for (const [k, v] of next) entries.set(k, v);
      state.version = listVersion;
      return { status: 'Accepted' };
    },

    GetLocalListVersion: (): Ocpp16.GetLocalListVersionResponse => ({
      listVersion: supported ? state.version : -1,
    }),

    /** The list's answer for a card while offline; undefined when it is not used or does not know the card. */
    authorize: (idTag: string): IdTagInfo | undefined =>
      supported && state.enabled ? entries.get(key(idTag)) : undefined,
  };
}

export type LocalAuthList = ReturnType<typeof localAuthList>;
