import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** What the log names a mail by: ids only, since an address in a log outlives every deletion. */
export interface MailRef {
  /** The outbox row, for queued mails. */
  mailId?: string;
  /** The recipient's account, when the mail goes to one. */
  userId?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  ref?: MailRef;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const EMAIL_ADDRESS = /[^\s<>()[\]{}:;,"'@]+@[^\s<>()[\]{}:;,"'@]+/g;
const scrub = (text: string) => text.replace(EMAIL_ADDRESS, '[address]');

/**
 * SMTP errors name the recipients (in the message, the server's response and `rejected`); callers
 * log them and keep their message, so they get a copy with every address taken out.
 */
function withoutAddresses(error: unknown): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const clean = new Error(scrub(source.message)) as Error & Record<string, unknown>;
  clean.stack = scrub(source.stack ?? clean.message);
  const fields = source as Error & Record<string, unknown>;
  for (const key of ['code', 'responseCode', 'command', 'permanent'] as const) {
    if (fields[key] !== undefined) clean[key] = fields[key];
  }
  if (typeof fields.response === 'string') clean.response = scrub(fields.response);
  return clean;
}

/** nodemailer's own fields without the log context. */
const message = (from: string, { ref: _ref, ...mail }: Mail) => ({ from, ...mail });

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under
 * DATA_DIR/outbox (a directory only the server's user may read, files 0600) and announced in the
 * log. The log never holds the body (it may hold a reset link) nor an address: only ids.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const mailer = createDelivery(options);
  return {
    async send(mail) {
      // An address under the reserved .invalid domain can never receive mail (accounts made by
      // signing in with Discord have one until their owner sets an email): nothing to send.
      if (isUndeliverable(mail.to)) {
        options.log.info({ ...mail.ref }, 'mail not sent: the account has no email address yet');
        return;
      }
      await mailer.send(mail);
    },
  };
}

/** RFC 2606 reserves .invalid: no address in it exists. */
export const isUndeliverable = (address: string): boolean => /\.invalid$/i.test(address.trim());

type Nodemailer = (typeof import('nodemailer'))['default'];

/** nodemailer loads with the first mail sent: a server that sends none never holds it (about 3 MB of heap). */
function onFirstUse<T>(create: (nodemailer: Nodemailer) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import('nodemailer').then((module) => create(module.default)));
}

function createDelivery(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = onFirstUse((nodemailer) => nodemailer.createTransport(options.smtpUrl));
    return {
      async send(mail) {
        const info = await (await transport()).sendMail(message(options.from, mail)).catch((error: unknown) => {
          throw withoutAddresses(error);
        });
        options.log.info({ ...mail.ref, messageId: info.messageId }, 'mail sent');
      },
    };
  }
  const transport = onFirstUse((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  let tightened = false;
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(message(options.from, mail));
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      if (!tightened) {
        // An outbox made by an older version may be readable by all; reset links must not be.
        await fs.chmod(options.outboxDir, 0o700);
        tightened = true;
      }
      const file = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}.eml`;
      await fs.writeFile(path.join(options.outboxDir, file), info.message as Buffer, { mode: 0o600, flag: 'wx' });
      options.log.info({ ...mail.ref, messageId: info.messageId, file }, 'mail written to outbox');
    },
  };
}
