import { errorMessages, type ErrorCode } from '@plugboard/contract';

/** A domain error with a catalogue code; the error handler turns it into `{status: code, msg, data: null}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string = errorMessages[code]) {
    super(message);
    this.code = code;
  }
}
