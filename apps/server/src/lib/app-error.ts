import { errorCodes, type ErrorCode, type FieldErrors } from '@parley/contracts';
import { englishText, type TextKey, type TextParams } from '@parley/contracts/i18n';

/** A catalogue text still to be rendered in the reader's language (plugins/localize.ts). */
export interface LocalizedText {
  readonly key: TextKey;
  readonly params?: TextParams;
}

/** A text of the catalogue with its values, for `AppError`/`validationError` of texts with values. */
export const localized = (key: TextKey, params?: TextParams): LocalizedText => ({ key, params });

const isLocalized = (message: string | LocalizedText): message is LocalizedText => typeof message !== 'string';

/**
 * The one error type services throw; the error handler maps it to the envelope. The message is English
 * (logs, tests); the handler renders it in the request's language: a `LocalizedText` by its key and
 * values, a plain catalogue text by finding its key (`keyOfEnglish`).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly text?: LocalizedText;
  /** Catalogue texts with values behind `fieldErrors`, by field and position (rendered in the reader's language). */
  fieldTexts?: Readonly<Record<string, readonly (LocalizedText | undefined)[]>>;
  constructor(
    readonly code: ErrorCode,
    message: string | LocalizedText,
    readonly fieldErrors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(isLocalized(message) ? englishText(message.key, message.params) : message);
    if (isLocalized(message)) this.text = message;
    this.statusCode = errorCodes[code];
  }
}

/** An error about one field: the message is the envelope's and the field's. */
export const fieldError = (code: ErrorCode, field: string, message: string | LocalizedText) => {
  const english = isLocalized(message) ? englishText(message.key, message.params) : message;
  const error = new AppError(code, message, { [field]: [english] });
  if (isLocalized(message)) error.fieldTexts = { [field]: [message] };
  return error;
};

export const validationError = (field: string, message: string | LocalizedText) => fieldError('VALIDATION', field, message);
