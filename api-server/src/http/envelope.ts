import { Code, type CodeValue } from './codes';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** A refusal the client shows: travels as an envelope with HTTP 200, never as a stack trace. */
export class ApiError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, message: 'success', data };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, data: null };
}
