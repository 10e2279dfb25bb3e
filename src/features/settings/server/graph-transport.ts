/**
 * Microsoft 365 through Microsoft Graph with client credentials (an app registration with the
 * Mail.Send application permission): a token from the Microsoft identity platform, then
 * `POST /v1.0/users/{from}/sendMail`. The token is kept until shortly before it expires, so a
 * batch of e-mails costs one token request.
 */
import type { MailTransport, OutgoingEmail } from '../../../server/email/transport';
import { parseFromAddress } from '../settings.schema';

export const DEFAULT_MS_LOGIN_BASE = 'https://login.microsoftonline.com';
export const DEFAULT_MS_GRAPH_BASE = 'https://graph.microsoft.com';
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

/** A token is renewed this long before Microsoft says it expires (clock skew, slow sends). */
const TOKEN_EARLY_RENEWAL_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export type GraphConfig = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The mailbox that sends: `hello@example.com` or `Workshops <hello@example.com>`. */
  from: string;
  loginBase?: string;
  graphBase?: string;
};

export type GraphTransport = MailTransport & {
  /** A valid access token (cached); throws 'Authentication failed: …' when Microsoft refuses. */
  accessToken(signal?: AbortSignal): Promise<string>;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function recipients(list: string | null | undefined) {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const parsed = parseFromAddress(entry);
      return { emailAddress: parsed ? { address: parsed.address, ...(parsed.name && { name: parsed.name }) } : { address: entry } };
    });
}

/** Graph only takes custom `X-…` headers (internetMessageHeaders); others are left to Exchange. */
function customHeaders(message: OutgoingEmail) {
  const headers = (message as { headers?: unknown }).headers;
  if (!headers || typeof headers !== 'object') return [];
  return Object.entries(headers as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^x-/i.test(entry[0]))
    .map(([name, value]) => ({ name, value }));
}

/** The JSON body of sendMail for one outbox message. */
export function graphMessage(message: OutgoingEmail, from: { name: string | null; address: string }) {
  const bcc = recipients(message.bcc);
  const replyTo = recipients(message.replyTo ?? null);
  const attachments = (message.attachments ?? []).map((file) => ({
    '@odata.type': '#microsoft.graph.fileAttachment',
    name: file.filename,
    contentType: file.contentType,
    contentBytes: file.content,
  }));
  const headers = customHeaders(message);
  return {
    message: {
      subject: message.subject,
      body: { contentType: 'HTML', content: message.html },
      toRecipients: recipients(message.to),
      ...(bcc.length > 0 && { bccRecipients: bcc }),
      ...(replyTo.length > 0 && { replyTo }),
      ...(from.name && { from: { emailAddress: { address: from.address, name: from.name } } }),
      ...(attachments.length > 0 && { attachments }),
      ...(headers.length > 0 && { internetMessageHeaders: headers }),
      // Message-ID: Graph takes it as a property of the message, not as a header.
      ...(message.messageId && { internetMessageId: message.messageId }),
    },
    saveToSentItems: true,
  };
}

async function readError(response: Response): Promise<{ code: string; message: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    // Identity platform: { error: 'invalid_client', error_description: 'AADSTS…' }.
    if (typeof body.error === 'string') {
      const description = typeof body.error_description === 'string' ? body.error_description.split(/\r?\n/)[0]! : body.error;
      return { code: body.error, message: description };
    }
    // Graph: { error: { code, message } }.
    if (body.error && typeof body.error === 'object') {
      const { code, message } = body.error as { code?: unknown; message?: unknown };
      return { code: typeof code === 'string' ? code : String(response.status), message: typeof message === 'string' ? message : text };
    }
  } catch {
    // Not JSON: use the text.
  }
  return { code: String(response.status), message: text.slice(0, 300) || response.statusText };
}

/** fetch, with a network failure turned into a message the debug tool classifies ('unable to connect'). */
async function request(url: string, init: RequestInit, what: string): Promise<Response> {
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw Object.assign(new Error(`${what}: unable to connect (${detail})`), { code: 'ECONNECTION' });
  }
}

export function graphTransport(config: GraphConfig): GraphTransport {
  const from = parseFromAddress(config.from);
  if (!from) throw new Error(`Microsoft 365 from address is not an e-mail address: ${config.from}`);
  const loginBase = trimSlash(config.loginBase ?? DEFAULT_MS_LOGIN_BASE);
  const graphBase = trimSlash(config.graphBase ?? DEFAULT_MS_GRAPH_BASE);
  const tokenUrl = `${loginBase}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`;
  const sendUrl = `${graphBase}/v1.0/users/${encodeURIComponent(from.address)}/sendMail`;

  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(signal?: AbortSignal): Promise<string> {
    const response = await request(
      tokenUrl,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          scope: GRAPH_SCOPE,
          grant_type: 'client_credentials',
        }).toString(),
        signal,
      },
      'Microsoft identity platform',
    );
    if (!response.ok) {
      const error = await readError(response);
      throw Object.assign(new Error(`Authentication failed: Microsoft refused the client credentials (${error.code}): ${error.message}`), {
        code: 'EAUTH',
      });
    }
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('Microsoft identity platform answered without an access token');
    const lifetimeMs = (Number(body.expires_in) || 3600) * 1000;
    // A short-lived token is still reused for half its life.
    cached = { token: body.access_token, renewAt: Date.now() + Math.max(lifetimeMs - TOKEN_EARLY_RENEWAL_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  async function accessToken(signal?: AbortSignal): Promise<string> {
    if (cached && Date.now() < cached.renewAt) return cached.token;
    // Concurrent sends share one token request.
    pending ??= fetchToken(signal).finally(() => {
      pending = null;
    });
    return pending;
  }

  async function post(body: string, token: string, signal?: AbortSignal): Promise<Response> {
    return request(
      sendUrl,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body, signal },
      'Microsoft Graph',
    );
  }

  return {
    accessToken,
    async send(message, options = {}) {
      const body = JSON.stringify(graphMessage(message, from));
      let response = await post(body, await accessToken(options.signal), options.signal);
      if (response.status === 401) {
        // The token was revoked or expired early: one fresh token, one more try.
        cached = null;
        await response.body?.cancel();
        response = await post(body, await accessToken(options.signal), options.signal);
      }
      if (!response.ok) {
        const error = await readError(response);
        throw Object.assign(new Error(`Microsoft Graph sendMail failed (${response.status} ${error.code}): ${error.message}`), {
          code: error.code,
        });
      }
      await response.body?.cancel();
    },
    describe: () => `microsoft365 graph ${graphBase} as ${from.address}`,
  };
}
