import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { adminBlogRoutes } from '../../features/admin-blog/server/admin-blog.routes';
import { adminContentRoutes } from '../../features/admin-content/server/admin-content.routes';
import { emailTemplateRoutes } from '../../features/email-templates/server/email-templates.routes';
import { newsletterRoutes } from '../../features/newsletter/server/newsletter.routes';
import { operationsRoutes } from '../../features/operations/server/operations.routes';
import { settingsRoutes } from '../../features/settings/server/settings.routes';
import { uploadRoutes } from '../../features/uploads/server/uploads.routes';
import { adminAuthRoutes } from '../../features/admin-auth/server/admin-auth.routes';
import { adminBookingRoutes } from '../../features/admin-bookings/server/admin-bookings.routes';
import { adminCsvRoutes } from '../../features/admin-csv/server/admin-csv.routes';
import { adminDashboardRoutes } from '../../features/admin-dashboard/server/admin-dashboard.routes';
import { adminDiscountRoutes } from '../../features/admin-discounts/server/admin-discounts.routes';
import { adminMessageRoutes } from '../../features/admin-messages/server/admin-messages.routes';
import { adminUserRoutes } from '../../features/admin-users/server/admin-users.routes';
import { adminWorkshopRoutes } from '../../features/admin-workshops/server/admin-workshops.routes';
import { dateChangeRoutes } from '../../features/admin-workshops/server/date-changes.routes';
import { bookingRoutes } from '../../features/booking/server/booking.routes';
import { claimLinkFor } from '../../features/booking/server/booking-links';
import { claimRoutes } from '../../features/booking/server/claim.routes';
import { waitlistRoutes } from '../../features/waitlist/server';
import { stripeWebhookRoutes } from '../../features/booking/server/stripe-webhook.routes';
import { calendarRoutes } from '../../features/calendar/server/calendar.routes';
import { callRoutes } from '../../features/calls/server';
import { dateMessagesRoutes } from '../../features/date-messages/server';
import { participantAccessRoutes } from '../../features/participant/server/participant-access.routes';
import { participantRoutes } from '../../features/participant/server/participant.routes';
import { rosterRoutes } from '../../features/roster/server';
import { joinRoutes } from '../../features/participant/server';
import { refundRoutes } from '../../features/refunds/server/refunds.routes';
import { refundStatesOfSeats } from '../../features/refunds/server/seat-refunds';
import { seoRoutes } from '../../features/seo/server/seo.routes';
import { strategyNoteRoutes } from '../../features/strategy-notes/server/strategy-notes.routes';
import { contactRoutes } from '../../features/contact/server/contact.routes';
import { contentRoutes } from '../../features/content/server/content.routes';
import { workshopRoutes } from '../../features/workshops/server/workshops.routes';
import type { AppDeps } from '../../server/deps';
import type { Env } from '../../server/env';
import { bookingMail } from './booking-mail';
import { registerHealthRoutes } from './health';
import { serializeError } from '../../server/lib/error-serializer';
import { databaseRateLimitStore } from '../../server/lib/rate-limit-store';
import { registerMetrics } from './metrics';
import { registerPages } from './pages';
import { registerAuth } from '../../server/plugins/auth';
import { registerCsrfGuard } from '../../server/plugins/csrf-guard';
import { registerErrorHandler } from '../../server/plugins/error-handler';
import { registerSecurityHeaders } from '../../server/plugins/security-headers';
import { requireLimitsOnPublicWrites } from '../../server/plugins/public-write-limits';

/** One access-log line per request ('request completed', with status and time) instead of two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    super.requestCompleted(error, request, reply, { method: request.method, url: request.url });
  }
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Structured JSON logs without secrets (cookies, tokens) or a failed query's personal data. */
function loggerDefaults(level: string): LoggerOptions {
  return { level, redact: ['req.headers.cookie', 'req.headers.authorization'], serializers: { err: serializeError } };
}

/**
 * TRUST_PROXY as Fastify takes it. A number of hops becomes a function: Fastify reads a bare number
 * as "trust nobody" (a hop count cannot tell a proxy from a client that reached the app directly,
 * which is why the README says to keep the app reachable only through its proxies).
 */
function trustProxyOption(trust: Env['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust > 0 && ((_address: string, hop: number) => hop < trust);
}

export type BuildAppOptions = AppDeps & {
  /** The built client (dist/client); null serves pages from a bare template. */
  clientDir: string | null;
  /** Logger options (a test's stream, say); the level, redactions and error serializer default to ours. */
  logger?: false | LoggerOptions;
};

/** Builds the whole application without listening: server.ts listens, tests inject. */
export async function buildApp({ clientDir, logger, ...deps }: BuildAppOptions) {
  const app = Fastify({
    logger: logger === false ? false : { ...loggerDefaults(deps.env.LOG_LEVEL), ...logger },
    genReqId: (request) => (request.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    // CONTRACT §1: X-Forwarded-For counts only from the hops TRUST_PROXY names (by default none).
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    // A claim link's token is a path parameter (/api/claims/{token}, about 110 characters at most).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  // Before every route, so its timing hook sees them all.
  if (deps.env.METRICS_TOKEN) registerMetrics(app, { db: deps.db, token: deps.env.METRICS_TOKEN });
  registerSecurityHeaders(app);
  await app.register(cookie);
  // Counted in the database, so the limits hold across every instance (not per process).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore({ db: deps.db, log: app.log }) });
  // Before every route: a public call that changes state without a limit stops the start.
  requireLimitsOnPublicWrites(app);
  registerCsrfGuard(app);
  // Before every route: resolves the session cookie and guards admin paths before bodies are read.
  registerAuth(app, { db: deps.db });

  registerHealthRoutes(app, { db: deps.db });
  // The sale's e-mails, composed here from the features that know how (booking-mail.ts).
  const sale = { mail: bookingMail({ publicUrl: deps.env.PUBLIC_URL, now: deps.clock }) };
  await app.register(async (scope) => {
    await workshopRoutes(scope, deps);
    await contentRoutes(scope, deps);
    await seoRoutes(scope, deps);
    await contactRoutes(scope, deps);
    await bookingRoutes(scope, deps, sale);
    await adminAuthRoutes(scope, deps);
    await participantAccessRoutes(scope, deps);
    await joinRoutes(scope, deps);
    await claimRoutes(scope, deps, sale);
    await waitlistRoutes(scope, deps);
    // Participant sits below booking: the app hands it the booking feature's claim links.
    await participantRoutes(scope, deps, { claimLinkFor, refundStatesOf: refundStatesOfSeats });
    await refundRoutes(scope, deps);
    await calendarRoutes(scope, deps);
    await callRoutes(scope, deps);
    // The admin area (guarded by registerAuth before any body is read).
    await adminDashboardRoutes(scope, deps);
    await adminWorkshopRoutes(scope, deps);
    await dateMessagesRoutes(scope, deps);
    await dateChangeRoutes(scope, deps, sale);
    await rosterRoutes(scope, deps);
    await adminBookingRoutes(scope, deps, sale);
    await adminDiscountRoutes(scope, deps);
    await adminMessageRoutes(scope, deps);
    await strategyNoteRoutes(scope, deps);
    await adminUserRoutes(scope, deps);
    await adminCsvRoutes(scope, deps);
    await uploadRoutes(scope, deps);
    await adminContentRoutes(scope, deps);
    await adminBlogRoutes(scope, deps);
    await newsletterRoutes(scope, deps);
    await settingsRoutes(scope, deps);
    await emailTemplateRoutes(scope, deps);
    await operationsRoutes(scope, deps);
  });
  // Its own scope: it parses JSON bodies as raw bytes for the signature check.
  await app.register(async (scope) => stripeWebhookRoutes(scope, deps, sale));
  await registerPages(app, deps, clientDir);
  return app;
}
