import type { FastifyInstance, RouteOptions } from 'fastify';
import { isAdminPath } from './auth';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls that change state without an admin session and are limited by other means:
 * - the Stripe webhook: its signature is its guard, and a limit would refuse Stripe's own retries;
 * - admin sign-in: its failures are throttled per address and per account (login-throttle.ts),
 *   and a limit on successes would lock out an admin sharing an office address.
 */
export const UNLIMITED_PUBLIC_WRITES: readonly string[] = ['/api/stripe/webhook', '/api/auth/login2', '/api/auth/login2/totp'];

/** The state-changing methods of a route, or none for a read. */
function writeMethods(route: Pick<RouteOptions, 'method'>): string[] {
  return [route.method].flat().filter((method) => !READS.has(method.toUpperCase()));
}

/**
 * Every call anyone can make that changes state must carry a per-address rate limit
 * (`config.rateLimit`): an unlimited one lets a single client hammer the database, or replay a
 * booking's payment as fast as it likes. Checked as each route is registered, so a route added
 * without a limit stops the app at start-up (and every test) rather than reaching production.
 */
export function requireLimitsOnPublicWrites(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (writeMethods(route).length === 0 || isAdminPath(route.url) || UNLIMITED_PUBLIC_WRITES.includes(route.url)) return;
    const config = route.config as { rateLimit?: unknown } | undefined;
    if (!config?.rateLimit) {
      throw new Error(`${writeMethods(route).join(', ')} ${route.url} changes state for anyone but has no per-address rate limit (config.rateLimit)`);
    }
  });
}
