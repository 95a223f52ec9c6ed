import { chargerHolds } from './chargers/charger-holds.service.ts';
import type { Db } from '../db/client.ts';
import type { CallHandlers, CallPath } from '../lib/calls.ts';
import type { EventBus } from '../lib/event-bus.ts';
import type { Mailer } from '../lib/mailer.ts';
import { chargerAdminService } from './chargers/charger-admin.service.ts';
import { chargerCommandsService } from './chargers/charger-commands.service.ts';
import { chargerToolsService } from './chargers/charger-tools.service.ts';
import type { ChargerLink } from './chargers/charger-link.ts';
import type { ChargerViewService } from './chargers/charger-view.service.ts';
import { chargersRoutes } from './chargers/chargers.routes.ts';
import type { ChargerService } from './chargers/chargers.service.ts';
import { firmwareService } from './chargers/firmware.service.ts';
import { accountRepository } from './account/account.repository.ts';
import { accountRoutes } from './account/account.routes.ts';
import { accountService } from './account/account.service.ts';
import type { AuthService } from './auth/auth.service.ts';
import { cardGroupsService } from './cards/card-groups.service.ts';
import { cardImportService } from './cards/card-import.service.ts';
import { cardsRoutes } from './cards/cards.routes.ts';
import { cardsService } from './cards/cards.service.ts';
import { overviewRoutes } from './overview/overview.routes.ts';
import { localListRoutes } from './local-list/local-list.routes.ts';
import { reservationsRoutes } from './reservations/reservations.routes.ts';
import { reservationsService } from './reservations/reservations.service.ts';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes.ts';
import type { DiagnosticsService } from './diagnostics/diagnostics.service.ts';
import type { LocalListService } from './local-list/local-list.service.ts';
import { ocppLogRoutes } from './ocpp-log/ocpp-log.routes.ts';
import type { OcppLogService } from './ocpp-log/ocpp-log.service.ts';
import { loadRoutes } from './load/load.routes.ts';
import { loadService } from './load/load.service.ts';
import { overviewService } from './overview/overview.service.ts';
import { displayLinksService } from './display/display-links.service.ts';
import { displayRoutes } from './display/display.routes.ts';
import { displayService } from './display/display.service.ts';
import { noticesRoutes } from './notices/notices.routes.ts';
import { noticesService } from './notices/notices.service.ts';
import { ongoingSessions } from './sessions/ongoing-sessions.service.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { invoicesModule } from './invoices/invoices.module.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { sessionsHistoryService } from './sessions/sessions-history.service.ts';
import type { SessionService } from './sessions/sessions.service.ts';
import { sitesRoutes } from './sites/sites.routes.ts';
import { tariffsRoutes } from './tariffs/tariffs.routes.ts';
import { tariffsService } from './tariffs/tariffs.service.ts';
import { sitesService } from './sites/sites.service.ts';
import { verifyCodeRoutes } from './verify-code/verify-code.routes.ts';
import { verifyCodeService } from './verify-code/verify-code.service.ts';
import { certificatesRoutes } from './certificates/certificates.routes.ts';
import { certificatesService } from './certificates/certificates.service.ts';
import type { ChargerCa } from './certificates/charger-ca.ts';

export type ModuleDeps = {
  db: Db;
  auth: AuthService;
  now: () => Date;
  mailer: Mailer;
  /** Code mails one client address may trigger per hour (CODE_SENDS_PER_CLIENT_PER_HOUR). */
  codeSendsPerClientPerHour?: number | undefined;
  events: EventBus;
  /** The services the OCPP central system uses too: one instance for both doors. */
  chargers: ChargerService;
  sessions: SessionService;
  chargerView: ChargerViewService;
  chargerLink: ChargerLink;
  /** How long the console's start and stop wait for the charger, ms. */
  chargerWaitMs: number;
  /** The OCPP message log and connection history, written by the central system. */
  ocppLog: OcppLogService;
  /** The sites' local authorization lists, kept on their chargers. */
  localList: LocalListService;
  /** GetDiagnostics with the server's own upload URL. */
  diagnostics: DiagnosticsService;
  /** The CA that signs chargers' certificates (CHARGER_CA_CERT), if configured. */
  chargerCa?: ChargerCa | undefined;
};

/** Every module's call handlers, combined; the type makes a contract call without a handler a compile error. */
export function handlers(deps: ModuleDeps): CallHandlers<CallPath> {
  const { db, auth, now, mailer } = deps;
  const codes = verifyCodeService({
    db,
    now,
    mailer,
    findAccount: accountRepository(db).findByEmail,
    sendsPerClientPerHour: deps.codeSendsPerClientPerHour,
  });
  const notices = noticesService(deps);
  const displayLinks = displayLinksService(deps);
  return {
    ...accountRoutes(accountService({ db, now, auth, verifyCodes: codes })),
    ...verifyCodeRoutes(codes, auth),
    ...sitesRoutes(sitesService(deps.db)),
    ...chargersRoutes({
      view: deps.chargerView,
      admin: chargerAdminService({ ...deps, view: deps.chargerView }),
      commands: chargerCommandsService({
        ...deps,
        link: deps.chargerLink,
        waitMs: deps.chargerWaitMs,
      }),
      firmware: firmwareService(deps),
      tools: chargerToolsService({ chargerView: deps.chargerView, link: deps.chargerLink }),
    }),
    ...cardsRoutes({
      cards: cardsService(deps),
      groups: cardGroupsService(deps),
      imports: cardImportService(deps),
    }),
    ...tariffsRoutes(tariffsService(deps)),
    ...sessionsRoutes(sessionsHistoryService(deps)),
    ...invoicesRoutes(invoicesModule(deps)),
    ...noticesRoutes(notices),
    ...displayRoutes(
      displayLinks,
      displayService({
        links: displayLinks,
        sites: sitesService(db),
        chargers: deps.chargerView,
        sessions: ongoingSessions(db),
        notices,
      }),
    ),
    ...overviewRoutes(overviewService(deps)),
    ...loadRoutes(
      loadService({
        db,
        chargerView: deps.chargerView,
        link: deps.chargerLink,
        now,
        holds: chargerHolds({ db, events: deps.events, now }),
      }),
    ),
    ...ocppLogRoutes(deps.ocppLog),
    ...localListRoutes(deps.localList),
    ...diagnosticsRoutes(deps.diagnostics),
    ...certificatesRoutes(
      certificatesService({
        db,
        now,
        chargerView: deps.chargerView,
        link: deps.chargerLink,
        ca: deps.chargerCa,
      }),
    ),
    ...reservationsRoutes(
      reservationsService({ db, now, link: deps.chargerLink, chargerView: deps.chargerView }),
    ),
  };
}
