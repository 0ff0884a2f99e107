import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { notFound } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import * as repo from './bingo.repo';
import { assertClan } from './clan.service';

const MEMBERS_ONLY = 'Only members of this clan can do that';
const ADMINISTRATORS_ONLY = 'Only Administrators of this clan can manage bingos';

/** The bingo a request names, refused unless it belongs to that clan (404 either way). */
export async function bingoOfGroup(db: Db, groupID: string, bingoID: string, lock = false): Promise<repo.BingoRow> {
  const row = await (lock ? repo.lockBingo(db, bingoID) : repo.findBingo(db, bingoID));
  if (!row || row.group_id !== groupID) throw notFound('Bingo not found');
  return row;
}

/** The caller's access to a RuneScape clan for a bingo action: Administrators manage, members view and claim. */
export async function clanAccess(db: Db, actor: UserDto, groupID: string, action: 'viewBingo' | 'claimBingo' | 'manageBingo') {
  const access = await loadAccess(db, groupID, actor);
  assertCan(access, action, action === 'manageBingo' ? ADMINISTRATORS_ONLY : MEMBERS_ONLY);
  assertClan(access);
  return access;
}
