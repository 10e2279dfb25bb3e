/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, random port) that keeps what it
 * receives. stop() and start() reuse the port, so a test can take the mail server down and bring
 * it back under the same SMTP URL. Messages are parsed just enough for assertions (a few headers,
 * the text and HTML parts, attachment names) without pulling in a MIME library.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  /** Envelope recipients (RCPT TO): To and Bcc alike. */
  recipients: string[];
  from: string;
  to: string;
  subject: string;
  /** Header names in lower case, values unfolded but still encoded. */
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
};

export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;

  /** `latencyMs` delays each reply to DATA, so concurrent senders really overlap. */
  private constructor(private readonly options: { latencyMs: number }) {}

  static async start(options: { latencyMs?: number } = {}): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher({ latencyMs: options.latencyMs ?? 0 });
    await catcher.start();
    return catcher;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get isRunning(): boolean {
    return this.server !== null;
  }

  /** Listens again on the same port after stop() (a random free port the first time). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 500,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const recipients = session.envelope.rcptTo.map((address) => address.address);
          setTimeout(() => {
            this.messages.push(parseMail(raw, recipients));
            callback();
          }, this.options.latencyMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses connections from now on, like a mail server that is down. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  clear(): void {
    this.messages.length = 0;
  }
}

// ---------------------------------------------------------------- minimal MIME reading

type Entity = { headers: Map<string, string>; body: string };

function splitEntity(raw: string): Entity {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    default:
      return Buffer.from(body, 'utf8');
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between adjacent encoded words is not part of the text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function parseMail(raw: string, recipients: string[]): CaughtMail {
  const top = splitEntity(raw);
  const mail: CaughtMail = {
    recipients,
    from: decodeHeader(top.headers.get('from') ?? ''),
    to: decodeHeader(top.headers.get('to') ?? ''),
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    headers: top.headers,
    text: null,
    html: null,
    attachments: [],
    raw,
  };
  collectParts(top, mail);
  return mail;
}

function collectParts(entity: Entity, mail: CaughtMail): void {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = headerParam(contentType, 'boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = entity.body.split(`--${boundary}`);
    // sections[0] is the preamble; the part after the closing `--boundary--` starts with '--'.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(splitEntity(section.replace(/^\n/, '').replace(/\n$/, '')), mail);
    }
    return;
  }
  const content = decodeBody(entity.body, entity.headers.get('content-transfer-encoding'));
  const disposition = entity.headers.get('content-disposition') ?? '';
  const filename = headerParam(disposition, 'filename') ?? headerParam(contentType, 'name');
  if (filename || disposition.toLowerCase().startsWith('attachment')) {
    mail.attachments.push({ filename: decodeHeader(filename ?? ''), contentType: type, content });
  } else if (type === 'text/html' && mail.html === null) {
    mail.html = content.toString('utf8');
  } else if (type === 'text/plain' && mail.text === null) {
    mail.text = content.toString('utf8');
  }
}
