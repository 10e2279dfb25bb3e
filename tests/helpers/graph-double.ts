/**
 * A local stand-in for the two Microsoft endpoints the Microsoft 365 transport uses, so tests run
 * the real client-credentials flow end to end: the identity platform's token endpoint
 * (`POST /{tenant}/oauth2/v2.0/token`, form-encoded) and Graph's
 * `POST /v1.0/users/{id}/sendMail` (JSON, bearer token). Both live on one server; point
 * MS_LOGIN_BASE_URL and MS_GRAPH_BASE_URL at `baseUrl`. Error bodies have Microsoft's shapes.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './request-body';

export type TokenRequest = { tenant: string; form: Record<string, string> };
export type SendMailRequest = { mailbox: string; authorization: string | undefined; body: GraphSendMailBody };

export type GraphRecipient = { emailAddress: { address: string; name?: string } };
export type GraphSendMailBody = {
  message: {
    subject: string;
    body: { contentType: string; content: string };
    toRecipients: GraphRecipient[];
    bccRecipients?: GraphRecipient[];
    attachments?: { '@odata.type': string; name: string; contentType: string; contentBytes: string }[];
  };
  saveToSentItems?: boolean;
};

export type GraphDouble = {
  baseUrl: string;
  tokenRequests: TokenRequest[];
  sendMailRequests: SendMailRequest[];
  /** Tokens issued so far, newest last. */
  issuedTokens: string[];
  /** The next sendMail answers this Graph error instead of 202. */
  failNextSend(status: number, code: string, message: string): void;
  close(): Promise<void>;
};

export type GraphDoubleOptions = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Seconds a token lives (Microsoft: about 3600). */
  expiresIn?: number;
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startGraphDouble(options: GraphDoubleOptions): Promise<GraphDouble> {
  const tokenRequests: TokenRequest[] = [];
  const sendMailRequests: SendMailRequest[] = [];
  const issuedTokens: string[] = [];
  let nextFailure: { status: number; code: string; message: string } | null = null;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://graph.double');
    const raw = await readBody(req);

    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    if (req.method === 'POST' && token) {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const tenant = decodeURIComponent(token[1]!);
      tokenRequests.push({ tenant, form });
      if (tenant !== options.tenantId) {
        return json(res, 400, {
          error: 'invalid_request',
          error_description: `AADSTS90002: Tenant '${tenant}' not found.\r\nTrace ID: 0`,
        });
      }
      if (form.grant_type !== 'client_credentials') {
        return json(res, 400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003: The app requested an unsupported grant type.' });
      }
      if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
        return json(res, 401, {
          error: 'invalid_client',
          error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.\r\nTrace ID: 0`,
        });
      }
      const accessToken = `eyJ0.${randomBytes(16).toString('hex')}`;
      issuedTokens.push(accessToken);
      return json(res, 200, { token_type: 'Bearer', expires_in: options.expiresIn ?? 3599, ext_expires_in: 3599, access_token: accessToken });
    }

    const send = /^\/v1\.0\/users\/([^/]+)\/sendMail$/.exec(url.pathname);
    if (req.method === 'POST' && send) {
      const authorization = req.headers.authorization;
      const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
      if (!bearer || !issuedTokens.includes(bearer)) {
        return json(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
      }
      let body: GraphSendMailBody;
      try {
        body = JSON.parse(raw) as GraphSendMailBody;
      } catch {
        return json(res, 400, { error: { code: 'BadRequest', message: 'Unable to read JSON request payload.' } });
      }
      sendMailRequests.push({ mailbox: decodeURIComponent(send[1]!), authorization, body });
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        return json(res, failure.status, { error: { code: failure.code, message: failure.message } });
      }
      res.writeHead(202);
      res.end();
      return;
    }

    json(res, 404, { error: { code: 'UnknownRoute', message: `No route ${req.method} ${url.pathname}` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: { code: 'InternalError', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenRequests,
    sendMailRequests,
    issuedTokens,
    failNextSend(status, code, message) {
      nextFailure = { status, code, message };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
