import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const received: ParsedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Like real servers, the refusal names the address it refuses.
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('unknown.'))
        done(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), { responseCode: 550 }));
      else done();
    },
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
  await mailer.send({
    to: 'player@example.com',
    subject: 'Hello',
    text: 'A long line with a link http://smm.test/changePassword?userID=abc&token=0123456789abcdef0123456789abcdef0123456789abcdef',
    replyTo: 'fan@example.com',
  });
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

/** A logger whose lines the test reads, as pino writes them to its destination stream. */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'trace' }, destination), lines, text: () => lines.join('') };
}

describe('the log names mails by id, never by address', () => {
  const to = 'private.person@example.com';
  const replyTo = 'another.private@example.net';

  it('through SMTP', async () => {
    const { log, lines, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'SMM <no-reply@smm.test>', outboxDir: '/nonexistent', log });
    await mailer.send({ to, replyTo, subject: 'Hello', text: 'Body', ref: { mailId: 'mail-1', userId: 'user-1' } });
    expect(received.at(-1)?.to && 'text' in received.at(-1)!.to! ? (received.at(-1)!.to as { text: string }).text : '').toBe(to);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'mail sent', mailId: 'mail-1', userId: 'user-1', messageId: expect.any(String) });
    for (const secret of [to, replyTo, 'private.person', 'another.private']) expect(text()).not.toContain(secret);
  });

  it('through SMTP when the server refuses the recipient: the error names no address either', async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'SMM <no-reply@smm.test>', outboxDir: '/nonexistent', log });
    const refused = 'unknown.person@example.com';
    const error = await mailer.send({ to: refused, subject: 'Hello', text: 'Body', ref: { mailId: 'mail-2' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { responseCode?: number }).responseCode).toBe(550);
    expect((error as Error).message).toContain('Recipient address rejected');
    // As the mail job and the reset route log a failed send.
    log.warn({ mailId: 'mail-2', err: error }, 'event mail not sent');
    expect(text()).toContain('Recipient address rejected');
    for (const secret of [refused, 'unknown.person']) expect(text()).not.toContain(secret);
  });

  it('to the outbox dir', async () => {
    const { log, lines, text } = capturedLog();
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-outbox-'));
    try {
      const mailer = createMailer({ from: 'SMM <no-reply@smm.test>', outboxDir: outbox, log });
      await mailer.send({ to, replyTo, subject: 'Reset', text: 'Body', ref: { userId: 'user-3' } });
      const [file] = fs.readdirSync(outbox);
      expect(fs.readFileSync(path.join(outbox, file!), 'utf8')).toContain(to);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'mail written to outbox', userId: 'user-3', file, messageId: expect.any(String) });
      for (const secret of [to, replyTo, 'private.person', 'another.private']) expect(text()).not.toContain(secret);
    } finally {
      fs.rmSync(outbox, { recursive: true });
    }
  });
});
