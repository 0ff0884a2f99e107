/** Typed errors thrown by services; one handler in app.ts maps them to status and body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalid = (fields: Record<string, string>, message = 'Invalid input') => new AppError(400, message, fields);
export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'You must be logged in') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message = 'Not found', fields?: Record<string, string>) => new AppError(404, message, fields);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, message, fields);
export const tooManyRequests = (message = 'Too many attempts, please try again later') => new AppError(429, message);
export const badGateway = (message: string) => new AppError(502, message);
export const gatewayTimeout = (message: string) => new AppError(504, message);
export const serviceUnavailable = (message: string) => new AppError(503, message);
