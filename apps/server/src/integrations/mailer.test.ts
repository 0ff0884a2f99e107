import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from './mailer';

const received: ParsedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => (received.push(mail), done()), done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const log = pino({ level: 'silent' });

it('delivers through SMTP when SMTP_URL is set', async () => {
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'SMM <no-reply@smm.test>', outboxDir: '/nonexistent', log });
  await mailer.send({ to: 'player@example.com', subject: 'Hello', text: 'A long line with a link http://smm.test/changePassword?userID=abc&token=0123456789abcdef0123456789abcdef0123456789abcdef', replyTo: 'fan@example.com' });
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.subject).toBe('Hello');
  expect(mail.from?.text).toContain('no-reply@smm.test');
  expect(mail.replyTo?.text).toBe('fan@example.com');
  expect(mail.text).toContain('token=0123456789abcdef0123456789abcdef0123456789abcdef');
});

it('fails loudly when the SMTP server cannot be reached', async () => {
  const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@smm.test', outboxDir: '/nonexistent', log });
  await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
});

it('writes mails to the outbox when no SMTP server is configured', async () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-outbox-'));
  const mailer = createMailer({ from: 'SMM <no-reply@smm.test>', outboxDir: outbox, log });
  await mailer.send({ to: 'player@example.com', subject: 'Reset', text: 'Your link: http://smm.test/x' });
  const files = fs.readdirSync(outbox);
  expect(files).toHaveLength(1);
  const mail = await simpleParser(fs.readFileSync(path.join(outbox, files[0]!)));
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('player@example.com');
  expect(mail.text).toContain('http://smm.test/x');
  fs.rmSync(outbox, { recursive: true });
});
