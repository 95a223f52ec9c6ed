import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { accountCompanyService } from '../account/account-company.service.ts';
import { cardGroupsService } from '../cards/card-groups.service.ts';
import { cardsService } from '../cards/cards.service.ts';
import { sessionBillingService } from '../sessions/session-billing.service.ts';
import { sitesService } from '../sites/sites.service.ts';
import { noticesService } from '../notices/notices.service.ts';
import { footerText } from './invoice-footer.ts';
import { invoiceCustomers } from './invoice-customers.ts';
import { invoiceSendService } from './invoice-send.service.ts';
import { invoicesService } from './invoices.service.ts';

/**
 * The invoices module's services, wired to the modules it reads through: sessions (the stored costs), cards (the
 * customer), sites (zone, currency) and account (the seller). Built by the JSON calls and by the file routes alike.
 */
export function invoicesModule({
  db,
  now,
  mailer,
}: {
  db: Db;
  now: () => Date;
  mailer: Pick<Mailer, 'record'>;
}) {
  const sites = sitesService(db);
  const company = accountCompanyService(db);
  const notices = noticesService({ db, now });
  const invoices = invoicesService({
    db,
    now,
    billing: sessionBillingService(db),
    customers: invoiceCustomers({ groups: cardGroupsService({ db, now }), cards: cardsService({ db, now }) }),
    siteOf: (session, stationId) => sites.detail(session.userId, stationId),
    sellerOf: (session) => company.of(session.userId),
    footerOf: async (stationId) => footerText((await notices.getSiteTexts(stationId)).invoiceFooter),
  });
  return { invoices, sender: invoiceSendService({ db, now, mailer, invoices }) };
}
