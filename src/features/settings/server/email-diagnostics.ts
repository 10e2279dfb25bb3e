/**
 * The e-mail tab's 'Run diagnostics': which transport is in use and, step by step, whether its
 * server can be found, reached and logged in to — so an admin sees which step fails instead of a
 * bare 'send failed'. Nothing is sent.
 */
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import type { Database } from '../../../server/db/client';
import { DEFAULT_FROM } from '../../../server/email/transport';
import { NO_MAIL_TRANSPORT, type DiagnosticCheck, type EmailDiagnostics } from '../settings.schema';
import { DEFAULT_MS_GRAPH_BASE, DEFAULT_MS_LOGIN_BASE, graphTransport } from './graph-transport';
import { fromOf, readableMailError, smtpOptions, type MailEnv } from './mail-transport';
import { isEmailConfigComplete, missingEmailFields, readEmailConfig, type EmailConfig } from './settings.service';

const STEP_TIMEOUT_MS = 3_000;

const messageOf = (error: unknown) => readableMailError(error).message;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function dnsCheck(host: string): Promise<DiagnosticCheck> {
  try {
    const { address } = await withTimeout(lookup(host), STEP_TIMEOUT_MS, 'DNS lookup');
    return { name: 'DNS lookup', ok: true, detail: `${host} resolves to ${address}` };
  } catch (error) {
    return { name: 'DNS lookup', ok: false, detail: `${host} could not be resolved: ${messageOf(error)}` };
  }
}

function tcpCheck(host: string, port: number): Promise<DiagnosticCheck> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean, detail: string) => {
      socket.destroy();
      resolve({ name: 'TCP connection', ok, detail });
    };
    socket.setTimeout(STEP_TIMEOUT_MS, () => done(false, `unable to connect to ${host}:${port}: no answer within ${STEP_TIMEOUT_MS / 1000} s`));
    socket.once('connect', () => done(true, `Connected to ${host}:${port}`));
    socket.once('error', (error) => done(false, `unable to connect to ${host}:${port}: ${error.message}`));
  });
}

async function smtpLoginCheck(options: Parameters<typeof createTransport>[0], authenticates: boolean): Promise<DiagnosticCheck> {
  const name = authenticates ? 'SMTP greeting and login' : 'SMTP greeting';
  const mailer = createTransport(options);
  try {
    await mailer.verify();
    return { name, ok: true, detail: authenticates ? 'The server accepted the user name and password' : 'The server answered (no login configured)' };
  } catch (error) {
    return { name, ok: false, detail: messageOf(error) };
  } finally {
    mailer.close();
  }
}

const SHORT_TIMEOUTS = { connectionTimeout: STEP_TIMEOUT_MS, greetingTimeout: STEP_TIMEOUT_MS, socketTimeout: 5_000 };

async function smtpChecks(host: string, port: number, verify: () => Promise<DiagnosticCheck>): Promise<DiagnosticCheck[]> {
  const checks = [await dnsCheck(host)];
  if (!checks[0]!.ok) return checks;
  checks.push(await tcpCheck(host, port));
  if (!checks[1]!.ok) return checks;
  checks.push(await verify());
  return checks;
}

async function settingsDiagnostics(config: EmailConfig, env: MailEnv): Promise<EmailDiagnostics> {
  const saved: DiagnosticCheck = { name: 'Configuration', ok: true, detail: 'Saved admin e-mail settings are used (they take precedence over SMTP_URL)' };
  if (config.serviceType === 'smtp') {
    const host = config.host!;
    const checks = await smtpChecks(host, config.port, () =>
      smtpLoginCheck(smtpOptions(config, SHORT_TIMEOUTS), Boolean(config.user && config.password)),
    );
    return { configured: true, source: 'settings', serviceType: 'smtp', host, port: config.port, from: fromOf(config), checks: [saved, ...checks] };
  }
  const graph = new URL(env.MS_GRAPH_BASE_URL ?? DEFAULT_MS_GRAPH_BASE);
  const login = new URL(env.MS_LOGIN_BASE_URL ?? DEFAULT_MS_LOGIN_BASE);
  const checks: DiagnosticCheck[] = [saved, await dnsCheck(login.hostname)];
  try {
    const transport = graphTransport({
      tenantId: config.tenantId!,
      clientId: config.clientId!,
      clientSecret: config.clientSecret!,
      from: config.from!,
      loginBase: env.MS_LOGIN_BASE_URL,
      graphBase: env.MS_GRAPH_BASE_URL,
    });
    await transport.accessToken(AbortSignal.timeout(10_000));
    checks.push({ name: 'Access token', ok: true, detail: 'Microsoft issued an access token for Microsoft Graph (client credentials)' });
  } catch (error) {
    checks.push({ name: 'Access token', ok: false, detail: messageOf(error) });
  }
  const port = Number(graph.port || (graph.protocol === 'https:' ? 443 : 80));
  return { configured: true, source: 'settings', serviceType: 'microsoft365', host: graph.hostname, port, from: config.from, checks };
}

export async function runEmailDiagnostics(db: Database, env: MailEnv, secret: string): Promise<EmailDiagnostics> {
  const config = await readEmailConfig(db, secret);
  if (isEmailConfigComplete(config)) return settingsDiagnostics(config, env);

  const incomplete: DiagnosticCheck[] =
    config.host || config.tenantId || config.clientId || config.from
      ? [{ name: 'Saved settings', ok: false, detail: `The saved ${config.serviceType} settings are incomplete (missing ${missingEmailFields(config).join(', ')}), so they are not used` }]
      : [];

  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    const port = Number(url.port || (url.protocol === 'smtps:' ? 465 : 587));
    const checks = await smtpChecks(url.hostname, port, () => smtpLoginCheck({ url: env.SMTP_URL!, ...SHORT_TIMEOUTS }, Boolean(url.username)));
    return {
      configured: true,
      source: 'smtp_url',
      serviceType: 'smtp',
      host: url.hostname,
      port,
      from: DEFAULT_FROM,
      checks: [...incomplete, { name: 'Configuration', ok: true, detail: 'SMTP_URL from the server environment is used' }, ...checks],
    };
  }
  return {
    configured: false,
    source: 'none',
    serviceType: null,
    host: null,
    port: null,
    from: null,
    checks: [...incomplete, { name: 'Configuration', ok: false, detail: NO_MAIL_TRANSPORT }],
  };
}
