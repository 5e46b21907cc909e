import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { localeOf, message, type MessageKey } from '../../lib/messages';
import { invalidJsonDetail, toValidationDetail, type SchemaError } from '../../lib/validation-detail';

/** Fastify's own client errors (body parsing and the like) → our code and message. */
const FASTIFY_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** zh-CN or en-US, from Accept-Language (zh-CN when absent). */
    readonly locale: ReturnType<typeof localeOf>;
  }
}

/**
 * The one error handler (docs/product-rules.md, Error catalogue): known errors → `{ code, message }`
 * in the request's language, bad input → 422 `{ detail }` (FastAPI's shape; an AppError with status 422 becomes one `detail` entry whose
 * `type` is its code), anything else → 500 with its details logged, not sent.
 */
export default fp(
  async (fastify) => {
    fastify.decorateRequest('locale', {
      getter(this: FastifyRequest) {
        return localeOf(this.headers['accept-language']);
      },
    });

    fastify.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = request.locale;
      if (error instanceof AppError) {
        // Input a route schema cannot check (an upload's size or content): FastAPI's shape, the code as its type.
        if (error.statusCode === 422) {
          // Several problems at once (a flow's nodes) come worded already; one comes as its location.
          if (Array.isArray(error.extra.detail)) return reply.code(422).send({ detail: error.extra.detail });
          const loc = (error.extra.loc as Array<string | number> | undefined) ?? ['body'];
          return reply.code(422).send({ detail: [{ loc, msg: message(error.messageKey, locale), type: error.code }] });
        }
        if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
        return reply
          .code(error.statusCode)
          .send({ code: error.code, message: message(error.messageKey, locale), ...error.extra });
      }
      if (error.validation) {
        const detail = toValidationDetail(error.validationContext, error.validation as SchemaError[], locale);
        return reply.code(422).send({ detail });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.code(422).send({ detail: invalidJsonDetail(locale) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const key = FASTIFY_ERRORS[error.code] ?? CODE_OF_STATUS[status] ?? 'BAD_REQUEST';
        const code = CODE_OF_STATUS[status] ?? 'BAD_REQUEST';
        // The client's mistake, answered: a line per request, like the request log (debug).
        request.log.debug({ err: error }, 'client error');
        return reply.code(status).send({ code, message: message(key, locale) });
      }
      request.log.error({ err: error, request: { method: request.method, url: request.url } }, 'unhandled error');
      return reply.code(500).send({ code: 'INTERNAL', message: message('INTERNAL', locale) });
    });
  },
  { name: 'error-handler' },
);
