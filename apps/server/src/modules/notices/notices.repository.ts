import type { Selectable } from 'kysely';
import type { NoticeKind } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type NoticeRow = Selectable<Database['site_notices']>;

/** A site's texts from the rich-text editor (site_notices): one row per kind, written whole. */
export function noticesRepository(db: Db) {
  return {
    ofSite: (stationId: number): Promise<NoticeRow[]> =>
      db.selectFrom('site_notices').selectAll().where('station_id', '=', stationId).execute(),

    put: (stationId: number, kind: NoticeKind, html: string, at: Date): Promise<void> =>
      db
        .insertInto('site_notices')
        .values({ station_id: stationId, kind, html, updated_at: at })
        .onConflict((oc) => oc.columns(['station_id', 'kind']).doUpdateSet({ html, updated_at: at }))
        .execute()
        .then(() => undefined),
  };
}
