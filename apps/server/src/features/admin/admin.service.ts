import type { ContactMessageBody } from '@smm/shared/users/schemas';
import { serviceUnavailable } from '../../errors';
import type { Mailer } from '../../integrations/mailer';

/** Contact-form messages, mailed to the site's administrator with the sender as reply-to. */
export function createAdminService({ mailer, adminEmail }: { mailer: Mailer; adminEmail: string }) {
  return {
    async sendMessage(body: ContactMessageBody): Promise<{ message: string }> {
      try {
        await mailer.send({
          to: adminEmail,
          replyTo: body.email,
          subject: `[${body.messageType}] ${body.subject}`,
          text: `From: ${body.email}\nType: ${body.messageType}\n\n${body.message}\n`,
        });
      } catch {
        // The sender must learn that nothing went out; the mail server's reasons stay in the log.
        throw serviceUnavailable('Your message could not be sent right now. Please try again later.');
      }
      return { message: 'Message sent' };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
