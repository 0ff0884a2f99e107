import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { notFound } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import { assertClan } from './clan.service';
import * as repo from './competitions.repo';

const MEMBERS_ONLY = 'Only members of this clan can do that';
const ADMINISTRATORS_ONLY = 'Only Administrators of this clan can manage competitions';

/** The ids a request names, refused unless the competition belongs to that clan (404 either way). */
export async function competitionOfGroup(db: Db, groupID: string, competitionID: string, lock = false): Promise<repo.CompetitionRow> {
  const row = await (lock ? repo.lockCompetition(db, competitionID) : repo.findCompetition(db, competitionID));
  if (!row || row.group_id !== groupID) throw notFound('Competition not found');
  return row;
}

/** The caller's access to a RuneScape clan for a competitions action: Administrators manage, members view and join. */
export async function clanAccess(
  db: Db,
  actor: UserDto,
  groupID: string,
  action: 'viewCompetitions' | 'joinCompetitions' | 'manageCompetitions',
) {
  const access = await loadAccess(db, groupID, actor);
  assertCan(access, action, action === 'manageCompetitions' ? ADMINISTRATORS_ONLY : MEMBERS_ONLY);
  assertClan(access);
  return access;
}
