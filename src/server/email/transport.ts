/**
 * How an e-mail leaves the building. The worker knows only MailTransport, so SMTP (here) and the
 * admin-configured transports (Microsoft 365 via Graph, a later issue) are interchangeable.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { emailOutbox } from '../db/schema';

/**
 * The parts of an outbox row a transport sends, plus extra headers added at send time (e.g.
 * List-Unsubscribe); a transport that cannot set arbitrary headers may leave them out.
 */
export type OutgoingEmail = Pick<typeof emailOutbox.$inferSelect, 'to' | 'bcc' | 'subject' | 'html' | 'text' | 'attachments'> & {
  headers?: Record<string, string>;
  /** The sender and Reply-To of the admin's settings (set when sent); the transport's default From otherwise. */
  from?: string;
  replyTo?: string | null;
  /**
   * `<…@host>`, the same on every attempt of one outbox row, so a receiver can tell a message sent
   * twice from two messages. Without it the transport makes up one per send.
   */
  messageId?: string;
};

export type MailTransport = {
  /** Resolves once the server accepted the message; rejects otherwise. Honours `signal` to give up. */
  send(message: OutgoingEmail, options?: { signal?: AbortSignal }): Promise<void>;
  /** Where mail goes, without credentials: for logs and the admin view. */
  describe(): string;
};

export const DEFAULT_FROM = 'Workshops <no-reply@localhost>';

// Nodemailer waits minutes by default; a dead server should fail an attempt quickly and let the
// outbox retry later. Query parameters in the URL (e.g. `?socketTimeout=60000`) still win.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** From and Reply-To for nodemailer, when the message names them (else the transport's default From). */
export function senderFields(message: OutgoingEmail): { from?: string; replyTo?: string } {
  return { ...(message.from ? { from: message.from } : {}), ...(message.replyTo ? { replyTo: message.replyTo } : {}) };
}

/** An SMTP transport from `smtp://user:pass@host:port` or `smtps://…` (the `SMTP_URL` format). */
export function smtpTransportFromUrl(url: string, from: string = DEFAULT_FROM): MailTransport {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP URL must start with smtp:// or smtps://, got ${parsed.protocol}//`);
  }
  const secure = parsed.protocol === 'smtps:';
  // Nodemailer's own defaults, spelled out so describe() tells the truth.
  const port = parsed.port || (secure ? '465' : '587');
  const where = `${parsed.protocol}//${parsed.hostname}:${port}`;
  const mailer = createTransport({ url, ...SMTP_TIMEOUTS }, { from });

  return nodemailerTransport(mailer, where);
}

/** A MailTransport over a nodemailer transporter (SMTP from the URL or from saved settings); describe() answers `where`. */
export function nodemailerTransport(mailer: Transporter, where: string): MailTransport {
  return {
    async send(message, options = {}) {
      await mailer.sendMail({
        ...senderFields(message),
        to: message.to,
        bcc: message.bcc ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text ?? undefined,
        headers: message.headers,
        messageId: message.messageId,
        attachments: (message.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
          encoding: 'base64',
        })),
        signal: options.signal,
      });
    },
    describe: () => where,
  };
}
