import type { FastifyError, FastifyInstance } from 'fastify';
import { structureError } from './body-rules';
import { Code, Messages } from './codes';
import { dbErrorAnswer, redactError } from './db-errors';
import { ApiError, fail } from './envelope';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Bodies are JSON only (issue 12 finding 8): the default parsers (text/plain among them) are removed,
 * so any other media type answers the envelope 1001 请求格式不支持. Empty means {}; anything but an
 * object, a `__proto__` key or nesting deeper than the body rules allow is refused with a Chinese 1001.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
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
    const structure = structureError(parsed);
    if (structure) return done(new ApiError(Code.VALIDATION, structure), undefined);
    done(null, parsed);
  });
}

/** Every failure becomes an envelope with HTTP 200; unexpected ones are logged (redacted), never echoed. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(200).send(fail(error.code, error.message, error.data));
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.bodyTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.badMediaType));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(200).send(fail(Code.VALIDATION, Messages.badJson));
    }
    const mapped = dbErrorAnswer(error);
    if (mapped) {
      request.log.warn({ err: redactError(error) }, 'database refused a value');
      return reply.status(200).send(fail(mapped.code, mapped.message));
    }
    if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      request.log.warn({ err: redactError(error) }, 'request refused');
      return reply.status(200).send(fail(Code.VALIDATION, Messages.badRequest));
    }
    request.log.error({ err: redactError(error) }, 'unexpected error');
    return reply.status(200).send(fail(Code.SERVER_ERROR, Messages.serverError));
  });
}
