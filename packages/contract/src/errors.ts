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
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages).map(Number) as ErrorCode[];

export function isErrorCode(value: number): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}

/** Codes after which the console drops the session and goes to /login (spec section 8). */
export const loginRedirectCodes: readonly number[] = [5003, 5008, 4125, 401];

/** Codes the console answers with the generic network message rather than the body's msg. */
export const networkErrorCodes: readonly number[] = [500, 404, 400, 405, 505];

/** The load-management reminder (adding or deleting chargers while `isOpenLoad` is 1). */
export const loadManagementActiveCode = 1506;

export const SUCCESS = 200;
