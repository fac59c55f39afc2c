/**
 * What can go wrong in Quire's own terms. Services throw these; `http/error-handler.ts` is the
 * one place that turns them into HTTP statuses.
 */
export class DomainError extends Error {
  constructor(
    readonly kind:
      | 'invalid'
      | 'unauthorized'
      | 'forbidden'
      | 'not-found'
      | 'conflict'
      | 'rate-limited',
    message: string,
  ) {
    super(message);
  }
}

export const invalidInput = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message = 'Not signed in') => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooManyRequests = (message: string) => new DomainError('rate-limited', message);
