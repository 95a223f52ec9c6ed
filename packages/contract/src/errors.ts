// The error catalogue of spec section 8. The server sends codes; the console translates them
// (locale key `errors.<code>`); the English text here is the reference wording and the server's `msg`.
export const errorMessages = {
  200: 'Success',
  400: 'Network unavailable, try again later',
  401: 'Please log in again',
  404: 'Network unavailable, try again later',
  405: 'Network unavailable, try again later',
  419: 'The request has expired, please try again',
  500: 'Network unavailable, try again later',
  501: 'Failed to get data',
  502: 'Duplicate submissions',
  505: 'Network unavailable, try again later',
  1001: 'Device does not exist',
  1003: 'Charger offline',
  1011: 'Invalid PIN code',
  1036: 'Device is charging',
  1039: 'Operation failed',
  1042: 'The alias already exists',
  1501: 'Operator does not exist',
  1502: 'Site does not exist',
  1503: 'Site Capacity is little',
  1506: 'Load management is active: deactivate it before adding or deleting chargers',
  4105: 'Verification code limit reached',
  4106: 'Enter the latest code or retry in 10 minutes',
  4107: 'Too many wrong codes, retry in 10 minutes',
  4112: 'Passwords do not match',
  4113: 'Invalid verification code',
  4118: 'Email does not exist',
  4122: 'Email does not exist or wrong password',
  4125: 'Please log in again',
  4129: 'Please enter correct information',
  4133: 'Account already exist',
  5003: 'Your session has ended, please log in again',
  5008: 'Your session has expired, please log in again',
  7000: 'Device is charging',
  7001: 'Started charging failed',
  7002: 'Started failed',
  7003: 'Charger waiting for EV or stopped by EV',
  7005: 'Charging completed, please unplug the cable',
  7006: 'Device faulted, cannot start',
  7007: 'Charger offline',
  7008: 'Device unavailable, cannot start',
  7014: 'Device does not exist',
  9001: 'Network unavailable, try again later',
  9002: 'Network unavailable, try again later',
  11001: 'The card ID already exists',
  15901: 'Data has been changed, please refresh and try again',
  16001: 'There are no sessions to invoice in this period',
  16003: 'An issued invoice cannot be changed or deleted',
  16004: 'Enter your company name and address in the account before issuing invoices',
} as const;

export type ErrorCode = keyof typeof errorMessages;

/**
 * Every catalogue code by name, for the code that throws or compares one: `new AppError(codes.siteNotFound)`. Codes
 * that share a message are told apart by where they are used: the 7000s answer a start (a remote start refused
 * beforehand from the connector's state, or not confirmed), the 1000s any other charger command or change.
 */
export const codes = {
  success: 200,
  badRequest: 400,
  unauthorized: 401,
  notFound: 404,
  methodNotAllowed: 405,
  /** A missing or wrong request signature, or a timestamp more than 5 minutes off. */
  requestExpired: 419,
  serverError: 500,
  dataUnavailable: 501,
  duplicateSubmission: 502,
  httpVersionNotSupported: 505,
  chargerNotFound: 1001,
  /** The charger has no socket here, or did not answer in time. */
  chargerOffline: 1003,
  invalidPin: 1011,
  /** A change refused while a session is ongoing (deleting the charger or the session, updating firmware). */
  chargerCharging: 1036,
  operationFailed: 1039,
  aliasTaken: 1042,
  operatorNotFound: 1501,
  siteNotFound: 1502,
  siteCapacityTooLow: 1503,
  loadManagementActive: 1506,
  codeLimitReached: 4105,
  /** An older code of the e-mail and purpose than the newest, or an expired one. */
  codeOutdated: 4106,
  tooManyWrongCodes: 4107,
  passwordMismatch: 4112,
  invalidCode: 4113,
  emailNotFound: 4118,
  wrongEmailOrPassword: 4122,
  loginRequired: 4125,
  invalidInput: 4129,
  accountExists: 4133,
  /** An unknown or revoked session token. */
  sessionEnded: 5003,
  sessionExpired: 5008,
  startConnectorCharging: 7000,
  /** The charger accepted the remote start but no StartTransaction came in time. */
  startNotConfirmed: 7001,
  /** The charger refused the remote start (not Accepted, or a CALLERROR). */
  startRejected: 7002,
  startWaitingForEv: 7003,
  startChargingComplete: 7005,
  startChargerFaulted: 7006,
  startChargerOffline: 7007,
  startChargerUnavailable: 7008,
  startChargerNotFound: 7014,
  // The spec gives 9001 and 9002 the same network message and no other meaning; no call answers them today.
  network9001: 9001,
  network9002: 9002,
  cardIdTaken: 11001,
  /** What the request relied on changed meanwhile (a card's group deleted during an import). */
  dataChanged: 15901,
  /** No session of the customer in the period is left to bill (none, or all on issued invoices). */
  nothingToBill: 16001,
  /** Deleting or changing an invoice that is no longer a draft, or crediting one that is not issued. */
  invoiceIssued: 16003,
  /** Issuing without the seller's company name and address in the account. */
  sellerIncomplete: 16004,
} as const satisfies Record<string, ErrorCode>;

export const errorCodes = Object.keys(errorMessages).map(Number) as ErrorCode[];

export function isErrorCode(value: number): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}

/** Codes after which the console drops the session and goes to /login (spec section 8). */
export const loginRedirectCodes: readonly number[] = [
  codes.sessionEnded,
  codes.sessionExpired,
  codes.loginRequired,
  codes.unauthorized,
];

/** Codes the console answers with the generic network message rather than the body's msg. */
export const networkErrorCodes: readonly number[] = [
  codes.serverError,
  codes.notFound,
  codes.badRequest,
  codes.methodNotAllowed,
  codes.httpVersionNotSupported,
];

/** The load-management reminder (adding or deleting chargers while `isOpenLoad` is 1). */
export const loadManagementActiveCode = codes.loadManagementActive;

export const SUCCESS = codes.success;
