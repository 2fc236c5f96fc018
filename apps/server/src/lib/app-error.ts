import { errorCodes, type ErrorCode, type FieldErrors } from '@parley/contracts';

/** The one error type services throw; the error handler maps it to the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export const validationError = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });
