import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A refusal the caller should see: 4xx with `{message, code?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * One error handler (CONTRACT §2): 4xx messages are shown as they are, validation errors carry
 * the schema's user-facing message, and anything else is logged with the request id and answered
 * with a generic 500 — never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({
        message: first?.message ?? 'Invalid request',
        code: 'validation_error',
        errors: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: issue.message,
        })),
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong. Please try again later.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: bad JSON, body too large, unsupported media type, rate limits.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Invalid JSON body' : error.message;
      return reply.status(status).send({ message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again later.', requestId: request.id });
  });
}
