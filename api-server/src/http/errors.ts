import type { FastifyError, FastifyInstance } from 'fastify';
import { Code, Messages } from './codes';
import { ApiError, fail } from './envelope';

export const BODY_LIMIT = 1024 * 1024;

/** JSON bodies: empty means {}, anything but an object is refused with a Chinese message. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, text, done) => {
    const raw = String(text);
    if (raw.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return done(new ApiError(Code.VALIDATION, Messages.badJson), undefined);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return done(new ApiError(Code.VALIDATION, Messages.notObject), undefined);
    done(null, parsed);
  });
}

/** Every failure becomes an envelope with HTTP 200; unexpected ones are logged, never echoed. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(200).send(fail(error.code, error.message));
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.bodyTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.badMediaType));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.badJson));
    }
    if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      request.log.warn({ err: error }, 'request refused');
      return reply.status(200).send(fail(Code.VALIDATION, Messages.badRequest));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(200).send(fail(Code.SERVER_ERROR, Messages.serverError));
  });
}
