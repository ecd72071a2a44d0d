import type { MessageKey, MessageParams } from './i18n';

/** An error answered on purpose: HTTP 200 with a non-zero body code and a translated message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'error.badRequest', params?: MessageParams) =>
  new AppError(400, key, params);
/** 400 with per-field messages already translated. */
export const fieldError = (fields: Record<string, string>, key: MessageKey = 'error.badRequest') =>
  new AppError(400, key, undefined, { fields });
export const forbidden = () => new AppError(403, 'error.forbidden');
export const notFound = () => new AppError(404, 'error.notFound');
export const conflict = () => new AppError(409, 'error.conflict');
export const tooMany = (key: MessageKey = 'error.tooMany', params?: MessageParams) =>
  new AppError(429, key, params);

/** 409 with the reason: the write conflicts with existing data. */
export function conflictWith(key: MessageKey): AppError {
  return new AppError(409, key);
}
