import type { Selectable } from 'kysely';
import type { CertificateType, SigningRefusal } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type InstalledRow = Selectable<Database['charger_certificates']>;
export type SigningRow = Selectable<Database['charger_certificate_signings']>;

/** charger_certificates and charger_certificate_signings: what the console installed, and the signing history. */
export function certificatesRepository(db: Db) {
  return {
    insertInstalled: async (row: {
      chargerId: number;
      type: CertificateType;
      pem: string;
      subject: string;
      notAfter: Date;
      at: Date;
    }): Promise<void> => {
      await db
        .insertInto('charger_certificates')
        .values({
          charger_id: row.chargerId,
          certificate_type: row.type,
          pem: row.pem,
          subject: row.subject,
          not_after: row.notAfter,
          installed_at: row.at,
        })
        .execute();
    },

    installed: (chargerId: number, type: CertificateType): Promise<InstalledRow[]> =>
      db
        .selectFrom('charger_certificates')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .where('certificate_type', '=', type)
        .orderBy('id', 'desc')
        .execute(),

    insertSigning: async (row: {
      chargerId: number;
      at: Date;
      subject: string | null;
      status: 'Accepted' | 'Rejected';
      refusal: SigningRefusal | null;
      serialNumber: string | null;
      notAfter: Date | null;
    }): Promise<number> => {
      const { id } = await db
        .insertInto('charger_certificate_signings')
        .values({
          charger_id: row.chargerId,
          received_at: row.at,
          subject: row.subject,
          status: row.status,
          refusal: row.refusal,
          serial_number: row.serialNumber,
          not_after: row.notAfter,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    answerSigning: async (
      id: number,
      signedStatus: 'Accepted' | 'Rejected' | 'unanswered',
      at: Date,
    ): Promise<void> => {
      await db
        .updateTable('charger_certificate_signings')
        .set({ signed_status: signedStatus, answered_at: at })
        .where('id', '=', id)
        .execute();
    },

    signings: (chargerId: number, limit: number): Promise<SigningRow[]> =>
      db
        .selectFrom('charger_certificate_signings')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** How many SignCertificates of the charger were recorded since `since` (every node's). */
    signingsSince: async (chargerId: number, since: Date): Promise<number> => {
      const { count } = await db
        .selectFrom('charger_certificate_signings')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('charger_id', '=', chargerId)
        .where('received_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
