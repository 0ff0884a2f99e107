import type { FastifyBaseLogger } from 'fastify';
import { DraftError } from '@smm/shared/civilization/draft';
import { applyDraftAction, nextDeadline } from '@smm/shared/civilization/draft-machine';
import {
  DRAFT_NOT_FOUND_MESSAGE,
  DRAFT_REPLACED_MESSAGE,
  type DraftActionBody,
  type DraftDto,
} from '@smm/shared/civilization/draft-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { createBackgroundJob } from '../../lib/background-job';
import { assertCan, loadAccess } from '../groups/group-access';
import type { GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { replacingDeal } from './drafted-game';
import { parseState, stateColumns, toDraftDto } from './drafts.mapper';
import * as drafts from './drafts.repo';
import { serverRandom } from './server-random';

export const DRAFT_STEP_LIMIT_MESSAGE = 'Too many draft steps in a short time; please wait a moment';
/** Far more than a game night's picks, bans and votes; a script hammering the draft is held off. */
export const defaultDraftStepLimit: Limit = { max: 120, windowMs: 60_000 };
/** Timers due at once, handled per pass; the rest wait for the next pass. */
const DUE_PER_PASS = 50;

interface Deps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  changes?: GroupChanges;
  log: Pick<FastifyBaseLogger, 'error'>;
  stepLimit?: Limit;
}

/**
 * The steps of live drafts. Each step, the player's or the timer's, is applied to the stored state in a
 * transaction holding the draft's row, so steps never interleave: of two players taking one leader at once, the
 * second finds it taken; a timer that two instances run at once is applied by the first, and the second finds
 * nothing due. Every step is published live as a bare "this draft moved on"; each reader then reads the draft as
 * they may see it.
 */
export function createDraftStepsService({ db, clock, throttle, changes, log, stepLimit = defaultDraftStepLimit }: Deps) {
  const published = (row: drafts.DraftRow) =>
    changes?.publish({ groupId: row.group_id, topic: 'drafts', action: 'changed', draftId: row.id });

  /** Applies the timeout due on one draft; false when another pass got there first or nothing is due. */
  async function timeoutOne(draftID: string): Promise<boolean> {
    const row = await db.transaction().execute(async (tx) => {
      const locked = await drafts.lockById(tx, draftID);
      if (!locked) return null;
      const state = parseState(locked);
      const now = clock.now();
      const due = nextDeadline(state);
      if (due === null || due > now) {
        // The stored deadline was already handled: bring the column in line so the row is not read again.
        if (locked.deadline !== due) await drafts.saveState(tx, locked.id, stateColumns(state));
        return null;
      }
      const next = applyDraftAction(state, { type: 'timeout' }, { now, random: serverRandom, gameRecorded: locked.game_id !== null });
      const columns = stateColumns(next);
      await drafts.saveState(tx, locked.id, columns);
      return { ...locked, ...columns };
    });
    if (row) published(row);
    return row !== null;
  }

  /** One pass over the due timers; the drafts whose timeout this pass applied. */
  async function runDue(): Promise<string[]> {
    const applied: string[] = [];
    for (const { id } of await drafts.listDue(db, clock.now(), DUE_PER_PASS)) {
      try {
        if (await timeoutOne(id)) applied.push(id);
      } catch (error) {
        log.error({ err: error, draftID: id }, 'draft timer failed');
      }
    }
    return applied;
  }

  const timers = createBackgroundJob({
    run: runDue,
    log,
    failureMessage: 'draft timers failed',
    whileRunning: 'again',
  });

  return {
    /**
     * One step of a live draft by the caller (who acts comes from the session, never the body): a blind pick,
     * a captain's ban or pick, ban proposals, or calling or casting a redraft vote. Members of the group who play
     * in the draft; a refused step answers 400 with the draft's reason and changes nothing.
     */
    async draftAction(actor: UserDto, { draftID, action }: DraftActionBody): Promise<DraftDto> {
      const found = await drafts.findById(db, draftID);
      if (!found) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      const access = await loadAccess(db, found.group_id, actor);
      if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      assertCan(access, 'editGames');
      await throttle.consume(`civ-draft-step:${actor.id}`, stepLimit, DRAFT_STEP_LIMIT_MESSAGE);
      // A replaced draft can make no game: a step in it would count for nothing.
      if (found.game_id === null && (await replacingDeal(db, found)))
        throw conflict(DRAFT_REPLACED_MESSAGE, { action: DRAFT_REPLACED_MESSAGE });
      const row = await db.transaction().execute(async (tx) => {
        const locked = await drafts.lockById(tx, draftID);
        if (!locked) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
        let next;
        try {
          next = applyDraftAction(
            parseState(locked),
            { ...action, userID: actor.id },
            { now: clock.now(), random: serverRandom, gameRecorded: locked.game_id !== null },
          );
        } catch (error) {
          if (error instanceof DraftError) throw invalid({ action: error.message }, error.message);
          throw error;
        }
        const columns = stateColumns(next);
        await drafts.saveState(tx, locked.id, columns);
        return { ...locked, ...columns };
      });
      published(row);
      return toDraftDto(row, actor.id);
    },

    /** The timers' loop: one pass at a time on this instance (main.ts starts it). */
    timers: { ...timers, runDue },
  };
}
export type DraftStepsService = ReturnType<typeof createDraftStepsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The timers of live drafts (blind picks, captains' turns, proposals, redraft votes); main.ts starts them. */
    draftTimers: ReturnType<typeof createDraftStepsService>['timers'];
  }
}
