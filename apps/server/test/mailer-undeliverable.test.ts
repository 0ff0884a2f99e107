import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordMadeEmail } from '@smm/shared/discord/app-schemas';
import { createMailer, isUndeliverable } from '../src/integrations/mailer';

// Accounts made by signing in with Discord carry an address under the reserved .invalid domain
// until their owner sets one: no mail goes to it, over SMTP or into the outbox directory.

const recipients: string[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-undeliverable-'));
const log = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      recipients.push(address.address);
      done();
    },
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('undeliverable addresses', () => {
  it('knows the reserved .invalid domain, and only it', () => {
    expect(isUndeliverable(discordMadeEmail('80351110224678912'))).toBe(true);
    expect(isUndeliverable('someone@EXAMPLE.INVALID')).toBe(true);
    expect(isUndeliverable('someone@example.com')).toBe(false);
    expect(isUndeliverable('someone@invalid.example.com')).toBe(false);
  });

  it('sends nothing over SMTP to a Discord-made address, and the rest as before', async () => {
    const mailer = createMailer({ smtpUrl, from: 'SMM <no-reply@smm.test>', outboxDir, log });
    await mailer.send({ to: discordMadeEmail('80351110224678912'), subject: 'Reminder', text: 'Game night' });
    await mailer.send({ to: 'real.person@example.com', subject: 'Reminder', text: 'Game night' });
    expect(recipients).toEqual(['real.person@example.com']);
  });

  it('writes no outbox file for it either', async () => {
    const mailer = createMailer({ from: 'SMM <no-reply@smm.test>', outboxDir, log });
    await mailer.send({ to: discordMadeEmail('80351110224678912'), subject: 'Reminder', text: 'Game night' });
    expect(fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []).toEqual([]);
    await mailer.send({ to: 'real.person@example.com', subject: 'Reminder', text: 'Game night' });
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
  });
});
