import { NOTES_CHANGED_MESSAGE, type NotesDto, type PlayerRelationship, type PostPlayerRelationshipBody, type PostUserNotesBody } from '@smm/shared/civilization/games-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import * as games from '../civ-games/civ-games.repo';
import { GAME_NOT_FOUND_MESSAGE } from '../civ-games/civ-games.service';
import { assertCan, loadAccess } from '../groups/group-access';
import * as notes from './notes.repo';

const NOTES_ARE_PRIVATE = 'Game notes are private: you can only read and write your own';

/** Personal Game Notes: private to their writer, through every call. */
export function createNotesService({ db, clock }: { db: Db; clock: Clock }) {
  /** Only the writer, a member of the game's group, gets past this. */
  async function ownGame(actor: UserDto, userID: string, groupID: string, gameID: string) {
    if (userID !== actor.id) throw forbidden(NOTES_ARE_PRIVATE);
    assertCan(await loadAccess(db, groupID, actor), 'editGames');
    const game = await games.findById(db, gameID);
    if (!game || game.group_id !== groupID) throw notFound(GAME_NOT_FOUND_MESSAGE);
    return game;
  }

  async function read(userID: string, groupID: string, gameID: string): Promise<NotesDto> {
    const [row, relationships] = await Promise.all([notes.findNotes(db, userID, gameID), notes.listRelationships(db, userID, gameID)]);
    return {
      userID,
      groupID,
      gameID,
      notes: row?.notes ?? '',
      updatedAt: row ? Number(row.updated_at) : null,
      playerRelationships: relationships.map((r) => ({
        userID: r.other_user_id,
        username: r.username,
        relationship: r.relationship as PlayerRelationship,
      })),
    };
  }

  return {
    /** The caller's own notes and player relationships for a game. */
    async getUserNotes(actor: UserDto, params: { userID: string; groupID: string; gameID: string }): Promise<NotesDto> {
      await ownGame(actor, params.userID, params.groupID, params.gameID);
      return read(actor.id, params.groupID, params.gameID);
    },

    /**
     * The caller saves their notes for a game; with expectedUpdatedAt, only over the version they
     * opened (the same member may edit in two tabs): otherwise 409 and nothing is saved.
     */
    async postUserNotes(actor: UserDto, body: PostUserNotesBody): Promise<NotesDto> {
      await ownGame(actor, body.userID, body.groupID, body.gameID);
      if (body.expectedUpdatedAt === undefined) await notes.upsertNotes(db, actor.id, body.gameID, body.notes, clock.now());
      else if (!(await notes.saveNotesIfUnchanged(db, actor.id, body.gameID, body.notes, clock.now(), body.expectedUpdatedAt))) throw conflict(NOTES_CHANGED_MESSAGE);
      return read(actor.id, body.groupID, body.gameID);
    },

    /** The caller records how they feel about another player of the game. */
    async postPlayerRelationship(
      actor: UserDto,
      params: { userID: string; groupID: string; gameID: string },
      body: PostPlayerRelationshipBody,
    ): Promise<NotesDto> {
      await ownGame(actor, params.userID, params.groupID, params.gameID);
      if (body.userID === actor.id) throw invalid({ userID: 'Choose another player of the game' });
      const players = await games.listMembers(db, [params.gameID]);
      if (!players.some((p) => p.user_id === body.userID)) throw invalid({ userID: 'Not a player of this game' });
      await notes.upsertRelationship(db, actor.id, params.gameID, body.userID, body.relationship);
      return read(actor.id, params.groupID, params.gameID);
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
