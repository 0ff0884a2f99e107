import {
  maskDiscordWebhook,
  parseDiscordWebhookUrl,
  type DiscordWebhookDto,
  type PostDiscordWebhookBody,
} from '@smm/shared/discord/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { invalid } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import * as repo from './discord.repo';

interface Deps {
  db: Db;
  clock: Clock;
}

const shown = (row: { webhook_id: string; webhook_token: string } | undefined): DiscordWebhookDto => ({
  webhookUrl: row ? maskDiscordWebhook(row.webhook_id, row.webhook_token) : null,
});

/** The group's Discord webhook, kept by its Administrators and never shown again in full. */
export function createDiscordService({ db, clock }: Deps) {
  return {
    /** The webhook as Administrators see it: masked, or null when none is set. */
    async getDiscordWebhook(actor: UserDto, groupID: string): Promise<DiscordWebhookDto> {
      assertCan(await loadAccess(db, groupID, actor), 'editGroupSettings');
      return shown(await repo.findWebhook(db, groupID));
    },

    /** An Administrator sets or replaces the webhook; events are posted there from now on. */
    async postDiscordWebhook(actor: UserDto, groupID: string, body: PostDiscordWebhookBody): Promise<DiscordWebhookDto> {
      const webhook = parseDiscordWebhookUrl(body.webhookUrl);
      if (!webhook) throw invalid({ webhookUrl: 'Enter a Discord webhook URL' });
      return db.transaction().execute(async (tx) => {
        assertCan(await loadAccess(tx, groupID, actor, { lock: true }), 'editGroupSettings');
        const row = { group_id: groupID, webhook_id: webhook.id, webhook_token: webhook.token, set_by: actor.id, updated_at: clock.now() };
        await repo.upsertWebhook(tx, row);
        return shown(row);
      });
    },

    /** An Administrator removes the webhook; posts still queued are dropped when their turn comes. */
    async removeDiscordWebhook(actor: UserDto, groupID: string): Promise<DiscordWebhookDto> {
      return db.transaction().execute(async (tx) => {
        assertCan(await loadAccess(tx, groupID, actor, { lock: true }), 'editGroupSettings');
        await repo.deleteWebhook(tx, groupID);
        return shown(undefined);
      });
    },
  };
}
export type DiscordService = ReturnType<typeof createDiscordService>;
