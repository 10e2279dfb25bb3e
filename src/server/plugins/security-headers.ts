import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCRIPTS_AFTER_PAINT_SOURCE } from '../lib/scripts-after-paint';

/**
 * The headers helmet sets for these options, worked out once. Helmet's middleware parses and
 * validates its options again on every request (a tenth of the server's time on a cached public
 * read); with no nonces the answer never changes, so every response reuses it.
 */
export function securityHeadersFor(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet without nonce functions finishes synchronously; anything else would be a new version's change.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return Object.freeze(headers);
}

/**
 * The headers of a page (a document): a Content-Security-Policy where scripts come only from this
 * origin and Stripe (loaded on /checkout alone), and images may come from https hosts because
 * admins link testimonial avatars and blog images. An /api route that answers with an HTML page
 * sets these itself (see API_HEADERS).
 */
export const DOCUMENT_HEADERS = securityHeadersFor({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The hash lets one inline script run: the one that asks for a prerendered page's scripts
      // after its first paint (lib/scripts-after-paint.ts).
      scriptSrc: ["'self'", SCRIPTS_AFTER_PAINT_SOURCE, 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Lets the participant page frame slides from /api/view-asset.
  frameguard: { action: 'sameorigin' },
  hsts: { maxAge: 15_552_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

/**
 * The headers of an API answer (JSON, images, files): the OWASP REST set. A browser never renders
 * these as documents, so nothing may run or be framed there at all; the document-only headers
 * (cross-origin opener, DNS prefetch, download options…) would be bytes on every answer for nothing.
 */
const API_HEADERS = Object.freeze({
  ...securityHeadersFor({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: { maxAge: 15_552_000, includeSubDomains: true },
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    frameguard: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
  // OWASP lists it with the REST set: seats change, so no browser or proxy keeps an answer unless
  // its route says otherwise (a route's own Cache-Control replaces this one).
  'cache-control': 'no-store',
});

/** Every response starts with its security headers; a route may replace one (e.g. its own CSP). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : DOCUMENT_HEADERS);
    done();
  });
}
