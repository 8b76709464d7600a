import { Code, type CodeValue } from './codes';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/**
 * A refusal the client shows: travels as an envelope with HTTP 200, never as a stack trace. `data`
 * goes along when the refusal has detail to show (an import's refused rows).
 */
export class ApiError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The one refusal helper (issue 23): ends the request with the ApiError the client is answered with. */
export function refuse(code: CodeValue, message: string, data?: unknown): never {
  throw new ApiError(code, message, data ?? null);
}

/**
 * `work`'s answer, or the refusal (ApiError) it ended with, as a value; any other error is thrown on. For work whose
 * refusal is part of the answer (a month's mail naming a channel it could not prove, a line marked with its reason).
 */
export async function refusalOf<T>(work: Promise<T>): Promise<T | ApiError> {
  return work.catch((error: unknown) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, message: 'success', data };
}

export function fail(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, message, data };
}
