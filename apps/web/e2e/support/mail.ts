import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** Waits for the newest mail to `to` in the server's outbox and returns its text. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      const recipients = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address?.toLowerCase());
      if (recipients.includes(to.toLowerCase())) return { subject: mail.subject ?? '', text: mail.text ?? '' };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} arrived`);
}
