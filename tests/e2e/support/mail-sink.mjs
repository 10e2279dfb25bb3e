// The e2e server's mail server: a real SMTP server (smtp-server) on 127.0.0.1 that writes every
// message it receives to E2E_DATA_DIR/mail as an .eml file, first line the envelope recipients.
// Browser tests read them (tests/e2e/support/mail.ts) to follow links the way a person would.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT);
const dir = join(process.env.E2E_DATA_DIR, 'mail');
mkdirSync(dir, { recursive: true });
let sequence = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const recipients = session.envelope.rcptTo.map((address) => address.address).join(',');
      const name = `${Date.now()}-${String(++sequence).padStart(6, '0')}.eml`;
      writeFileSync(join(dir, name), `X-Envelope-To: ${recipients}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
