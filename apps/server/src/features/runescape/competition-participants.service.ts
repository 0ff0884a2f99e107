import type { CompetitionDetail, CompetitionIdBody } from '@smm/shared/runescape/competition-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { publishAfter, type GroupChanges } from '../live/group-changes';
import { clanAccess, competitionOfGroup } from './competitions.access';
import { competitionDetail } from './competitions.detail';
import * as repo from './competitions.repo';

export const ACCOUNT_TAKES_PART_MESSAGE = 'This RuneScape account already takes part in this competition';

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
}

/** RuneScape clan competitions members join: a member with a linked account joins, or leaves before the start. */
export function createCompetitionParticipantsService({ db, clock, changes }: Deps) {
  return {
    /** A member with a linked account joins a competition members join, any time before its end. */
    async joinCompetition(actor: UserDto, { groupID, competitionID }: CompetitionIdBody): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, groupID, 'joinCompetitions');
      const row = await publishAfter(changes, async (record) => {
        const joined = await db.transaction().execute(async (tx) => {
          const current = await competitionOfGroup(tx, groupID, competitionID, true);
          if (current.participation !== 'join')
            throw badRequest('Members do not join this competition: who takes part is set by the competition');
          const now = clock.now();
          if (now >= current.ends_at) throw badRequest('This competition has finished');
          const playerId = await repo.findLinkedPlayer(tx, groupID, actor.id);
          if (!playerId) throw badRequest('Link your RuneScape account in this clan first');
          // An account is measured once: a name moved to another member after the participants'
          // accounts were fixed at the start does not take part a second time (before that, the
          // start gives each participant their link of the moment).
          if (current.participants_fixed_at !== null && (await repo.findOtherParticipantOfPlayer(tx, current.id, playerId, actor.id)))
            throw conflict(ACCOUNT_TAKES_PART_MESSAGE);
          await repo.insertParticipant(tx, repo.newParticipant(current.id, actor.id, playerId, null, now));
          return current;
        });
        record({ groupId: groupID, topic: 'competitions', action: 'changed', userId: actor.id });
        return joined;
      });
      return competitionDetail(db, clock, actor, access, row);
    },

    /** A member leaves a competition they joined, before its start; after it their record stays. */
    async leaveCompetition(actor: UserDto, { groupID, competitionID }: CompetitionIdBody): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, groupID, 'joinCompetitions');
      const row = await publishAfter(changes, async (record) => {
        const left = await db.transaction().execute(async (tx) => {
          const current = await competitionOfGroup(tx, groupID, competitionID, true);
          if (current.participation !== 'join')
            throw badRequest('Members do not leave this competition: who takes part is set by the competition');
          if (clock.now() >= current.starts_at) throw conflict('You can no longer leave: the competition has started');
          await repo.deleteParticipant(tx, current.id, actor.id);
          return current;
        });
        record({ groupId: groupID, topic: 'competitions', action: 'changed', userId: actor.id });
        return left;
      });
      return competitionDetail(db, clock, actor, access, row);
    },
  };
}
export type CompetitionParticipantsService = ReturnType<typeof createCompetitionParticipantsService>;
