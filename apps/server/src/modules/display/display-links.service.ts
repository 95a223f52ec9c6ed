import { createHash, randomBytes } from 'node:crypto';
import {
  codes,
  displayLinkLimits,
  displayTokenPrefix,
  type CreatedDisplayLink,
  type DisplayLink,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { revokeWith } from '../events/revocations.ts';
import { displayLinksRepository, type DisplayLinkRow } from './display-links.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest();
// last_used_at is written at most this often: a board reads every 30 s and on every reconnect.
const touchEveryMs = 60 * 1000;

/**
 * Display links: a token of its own (256 random bits, `dsp_` first) that opens one site's board without a login.
 * It is no login token: `resolve` is the only thing that accepts it, and the calls that do are the board call and
 * the live socket's hello. Anything else made with it finds no login session and answers 5003.
 */
export function displayLinksService({ db, now }: { db: Db; now: () => Date }) {
  const repo = displayLinksRepository(db);
  return {
    create: async (stationId: number, name: string): Promise<CreatedDisplayLink> => {
      if ((await repo.countActive(stationId)) >= displayLinkLimits.linksMax) {
        throw new AppError(
          codes.operationFailed,
          `A site may have at most ${displayLinkLimits.linksMax} links`,
        );
      }
      const token = `${displayTokenPrefix}${randomBytes(32).toString('base64url')}`;
      const row = await repo.insert(stationId, name, hashToken(token), now());
      return { ...toLink(row), token };
    },

    list: async (stationId: number): Promise<{ list: DisplayLink[] }> => ({
      list: (await repo.activeOfStation(stationId)).map(toLink),
    }),

    /** 1039 when the site has no such link, or it is revoked already. Its open board closes on every node. */
    revoke: (stationId: number, id: number): Promise<null> =>
      revokeWith(db, { kind: 'display', linkId: id }, async (trx) => {
        if (!(await displayLinksRepository(trx).revoke(stationId, id, now())))
          throw new AppError(codes.operationFailed);
        return null;
      }),

    /** The site a display token opens; 5003 when it is unknown or revoked (as for a login token). */
    resolve: async (token: string): Promise<{ linkId: number; stationId: number }> => {
      if (!token.startsWith(displayTokenPrefix)) throw new AppError(codes.sessionEnded);
      const row = await repo.findActiveByHash(hashToken(token));
      if (!row) throw new AppError(codes.sessionEnded);
      const at = now();
      if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() > touchEveryMs) {
        await repo.touch(row.id, at);
      }
      return { linkId: row.id, stationId: row.station_id };
    },
  };
}

export type DisplayLinksService = ReturnType<typeof displayLinksService>;

const toLink = (row: DisplayLinkRow): DisplayLink => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});
