/**
 * A local stand-in for the part of the Stripe REST API the product uses, so tests run the real
 * `stripe` SDK and our StripeProvider end to end without reaching api.stripe.com. It speaks the
 * wire format the SDK speaks: form-encoded requests, JSON answers, Stripe's error shape and
 * idempotency keys.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { readBody } from './request-body';

export type FormValue = string | FormBody;
export type FormBody = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  body: FormBody;
  idempotencyKey: string | undefined;
};

/** The fields of a Stripe PaymentIntent that the double keeps; named and shaped as Stripe's. */
export type DoubleIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
};

export type DoubleRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  reason: null;
  created: number;
};

export type StripeDouble = {
  host: '127.0.0.1';
  port: number;
  protocol: 'http';
  requests: RecordedRequest[];
  intents: Map<string, DoubleIntent>;
  refunds: Map<string, DoubleRefund>;
  /** The customer paid: the intent succeeds with a charge, as after a confirmed card payment. */
  succeed(id: string): void;
  /** The customer's card was declined: like Stripe, the intent stays payable with the error on it. */
  fail(id: string): void;
  close(): Promise<void>;
};

type Answer = { status: number; body: unknown };

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, message: string, extra: { code?: string; param?: string } = {}): Answer {
  return { status, body: { error: { type: 'invalid_request_error', message, ...extra } } };
}

/** `metadata[a]=1&automatic_payment_methods[enabled]=true` → `{ metadata: { a: '1' }, … }`. */
export function parseForm(raw: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[path[path.length - 1]!] = value;
  }
  return root;
}

const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (value: FormValue | undefined): Record<string, string> =>
  typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/**
 * The app's env for the real Stripe SDK against this double: test keys named after `tag`
 * (sk_test_<tag>, pk_test_<tag>), and the webhook secret where one is given.
 */
export function stripeDoubleEnv(stripe: Pick<StripeDouble, 'host' | 'port'>, tag: string, webhookSecret?: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: `sk_test_${tag}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${tag}`,
    ...(webhookSecret === undefined ? {} : { STRIPE_WEBHOOK_SECRET: webhookSecret }),
    STRIPE_API_BASE: `http://${stripe.host}:${stripe.port}`,
  };
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, DoubleIntent>();
  const refunds = new Map<string, DoubleRefund>();
  // Stripe keeps the first answer to an idempotency key and replays it for the same request.
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  function createIntent(body: FormBody): Answer {
    const amount = Number(text(body.amount));
    const currency = text(body.currency);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'Invalid positive integer', { param: 'amount' });
    if (!currency) return stripeError(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (amount < 50) return stripeError(400, 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const id = newId('pi');
    const apm = body.automatic_payment_methods;
    const intent: DoubleIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: strings(body.metadata),
      description: text(body.description) ?? null,
      receipt_email: text(body.receipt_email) ?? null,
      automatic_payment_methods: typeof apm === 'object' ? { enabled: apm.enabled === 'true' } : null,
      latest_charge: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function missingIntent(id: string): Answer {
    return stripeError(404, `No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' });
  }

  function cancelIntent(id: string, body: FormBody): Answer {
    const intent = intents.get(id);
    if (!intent) return missingIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return stripeError(
        400,
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: text(body.cancellation_reason) ?? null });
    return { status: 200, body: intent };
  }

  function createRefund(body: FormBody): Answer {
    const intentId = text(body.payment_intent);
    if (!intentId) return stripeError(400, 'One of the following params should be provided for this request: payment_intent or charge.');
    const intent = intents.get(intentId);
    if (!intent) return missingIntent(intentId);
    if (intent.status !== 'succeeded') {
      return stripeError(400, `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    }
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
    const remaining = intent.amount_received - refunded;
    if (remaining <= 0) return stripeError(400, `Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? remaining : Number(text(body.amount));
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'Invalid positive integer', { param: 'amount' });
    if (amount > remaining) {
      return stripeError(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`, { param: 'amount' });
    }
    const refund: DoubleRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      metadata: strings(body.metadata),
      reason: null,
      created: now(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, body: FormBody): Answer {
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (intentPath) {
      const id = decodeURIComponent(intentPath[1]!);
      if (method === 'GET' && !intentPath[2]) {
        const intent = intents.get(id);
        return intent ? { status: 200, body: intent } : missingIntent(id);
      }
      if (method === 'POST' && intentPath[2]) return cancelIntent(id, body);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stripe.double');
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(req);
    const body = parseForm(raw);
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    requests.push({ method, path: url.pathname, body, idempotencyKey });

    let answer: Answer;
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } };
    } else if (idempotencyKey && method === 'POST') {
      const fingerprint = `${url.pathname} ${raw}`;
      const saved = idempotent.get(idempotencyKey);
      if (saved && saved.fingerprint !== fingerprint) {
        answer = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      } else {
        answer = saved?.answer ?? route(method, url.pathname, body);
        idempotent.set(idempotencyKey, { fingerprint, answer: structuredClone(answer) });
      }
    } else {
      answer = route(method, url.pathname, body);
    }

    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function intentOrThrow(id: string): DoubleIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`Stripe double: no payment intent ${id}`);
    return intent;
  }

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    requests,
    intents,
    refunds,
    succeed(id) {
      const intent = intentOrThrow(id);
      if (intent.status !== 'requires_payment_method') throw new Error(`Stripe double: ${id} is ${intent.status}, it cannot be paid`);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: newId('ch'), last_payment_error: null });
    },
    fail(id) {
      const intent = intentOrThrow(id);
      if (intent.status !== 'requires_payment_method') throw new Error(`Stripe double: ${id} is ${intent.status}, it cannot be paid`);
      Object.assign(intent, {
        status: 'requires_payment_method',
        latest_charge: newId('ch'),
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      });
    },
    close() {
      // The SDK keeps connections alive; drop them so close() does not wait for their timeout.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The `Stripe-Signature` header Stripe would send with `payload`, made by the real SDK. */
export function signWebhook(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** A `payment_intent.succeeded` event as Stripe delivers it (a JSON string, ready to sign). */
export function paymentIntentSucceededEvent(intent: DoubleIntent, eventId: string = newId('evt')): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    // The event carries the intent as it was when it succeeded, whatever the caller passes.
    data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
  });
}
