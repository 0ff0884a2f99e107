import type {
  AuditEntryDto,
  DecideGameProposalBody,
  GameHistoryDto,
  ProposalDto,
  ProposeGameChangeBody,
  ResultChanges,
  VoteGameProposalBody,
} from '@smm/shared/civilization/ladder-schemas';
import { AUDIT_ACTIONS, PROPOSAL_STATUSES } from '@smm/shared/civilization/ladder-schemas';
import { PROPOSAL_SUPERSEDED_MESSAGE } from '@smm/shared/civilization/games-schemas';
import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as games from './civ-games.repo';
import { toIso } from '../../lib/iso-time';
import { choicesVisible, parseJson } from './civ-games.mapper';
import type { CivGamesService } from './civ-games.service';
import { recordAudit } from './game-audit';
import { assertResultUnchanged, planChange, type ChangeLine, type GameState } from './game-results';
import * as records from './ladder-records.repo';
import type { GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';

/** Proposals and votes one user may send in ten minutes, across games. */
const PROPOSAL_LIMIT = { max: 30, windowMs: 10 * 60_000 };
const PROPOSAL_LIMIT_MESSAGE = 'Too many proposals and votes; try again in a few minutes';

export const PROPOSAL_NOT_FOUND_MESSAGE = 'Proposal not found';
/** Pending proposals one player may have on one game at a time. */
export const MAX_PENDING_PROPOSALS = 3;

interface StoredProposal {
  changes: ResultChanges;
  summary: string[];
  /**
   * The game's result version the change was proposed against; accepted only while the result is
   * still that one (proposals stored before the version was kept have none, and are not checked).
   */
  resultVersion?: number;
}

/** Whether the proposal was made against a result that has changed since: accepting it would undo the newer change. */
function proposedAgainstOlderResult(stored: StoredProposal, currentResultVersion: number): boolean {
  return stored.resultVersion !== undefined && stored.resultVersion !== currentResultVersion;
}

/**
 * Result changes from players who may not make them: proposed, then confirmed or contested by other
 * players, and accepted (applied as the manager who accepts) or rejected by a manager.
 */
export function createGameProposalsService({
  db,
  clock,
  throttle,
  games: gamesService,
  changes,
}: {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  games: CivGamesService;
  /** Told when an accepted proposal finishes a game (its open pages and its Discord channel). */
  changes?: GroupChanges;
}) {
  const { loadGame, applyPlan, permissionsOf, leaderIdsOf } = gamesService.internals;

  /** The game and who the caller is to it; `deleted` lets an Administrator read a deleted game (its history, before restoring it). */
  async function stateOf(tx: Db, gameID: string, actor: UserDto, lock = false, deleted = false) {
    const { game, access } = await loadGame(tx, gameID, actor, { lock, deleted });
    const state: GameState = { game, members: await games.listMembers(tx, [game.id]) };
    return { state, access, may: permissionsOf(state, access, actor.id) };
  }

  /** The proposal's game, locked, and the proposal locked too; only pending proposals can move. */
  async function lockPending(tx: Db, proposalID: string, actor: UserDto) {
    const proposal = await records.lockProposal(tx, proposalID);
    if (!proposal) throw notFound(PROPOSAL_NOT_FOUND_MESSAGE);
    const found = await stateOf(tx, proposal.game_id, actor, true);
    if (proposal.status !== 'pending') throw conflict(`This proposal was already ${proposal.status}`);
    return { proposal, ...found };
  }

  async function readProposal(tx: Db, gameID: string, proposalID: string, actor: UserDto): Promise<ProposalDto> {
    const history = await readHistory(tx, gameID, actor);
    return history.proposals.find((p) => p._id === proposalID)!;
  }

  /**
   * Lines about the leader a player played name the leader, and are hidden from whoever anonymous
   * mode hides that player's choices from.
   */
  function visibleLines(state: GameState, actorId: string, lines: readonly ChangeLine[], leaderName: (civID: string) => string) {
    const viewer = state.members.find((m) => m.user_id === actorId);
    return lines.map((line) => {
      if (line.kind !== 'civPlayed') return line;
      const member = line.userID && state.members.find((m) => m.user_id === line.userID);
      if (member && !choicesVisible(state.game, member, viewer)) return { ...line, before: '(hidden)', after: '(hidden)' };
      return { ...line, before: leaderName(line.before), after: leaderName(line.after) };
    });
  }

  async function readHistory(tx: Db, gameID: string, actor: UserDto): Promise<GameHistoryDto> {
    const { state, access } = await stateOf(tx, gameID, actor, false, true);
    const leaders = new Map((findCivCatalogue(access.group.game_name)?.leaders ?? []).map((l) => [l.civID, `${l.leader} (${l.nation})`]));
    const leaderName = (civID: string) => leaders.get(civID) ?? civID;
    const [proposals, audit] = await Promise.all([records.listProposals(tx, gameID), records.listAudit(tx, gameID)]);
    const votes = await records.listVotes(
      tx,
      proposals.map((p) => p.id),
    );
    return {
      proposals: proposals.map((p) => {
        const stored = parseJson<StoredProposal>(p.changes, { changes: {}, summary: [] });
        return {
          _id: p.id,
          gameID: p.game_id,
          proposedBy: p.proposed_by,
          proposedByName: p.proposed_by_name ?? 'A former member',
          changes: stored.changes,
          summary: stored.summary,
          reason: p.reason,
          status: (PROPOSAL_STATUSES as readonly string[]).includes(p.status) ? (p.status as ProposalDto['status']) : 'pending',
          outOfDate: p.status === 'pending' && proposedAgainstOlderResult(stored, state.game.result_version),
          dateProposed: toIso(Number(p.created_at)),
          decidedByName: p.decided_by ? (p.decided_by_name ?? 'A former member') : null,
          dateDecided: p.decided_at === null ? null : toIso(Number(p.decided_at)),
          decisionReason: p.decision_reason,
          votes: votes
            .filter((v) => v.proposal_id === p.id)
            .map((v) => ({
              userID: v.user_id,
              username: v.username ?? 'A former member',
              vote: v.vote === 'contest' ? ('contest' as const) : ('confirm' as const),
              reason: v.reason,
              date: toIso(Number(v.created_at)),
            })),
        };
      }),
      audit: audit.map((a): AuditEntryDto => ({
        _id: a.id,
        action: (AUDIT_ACTIONS as readonly string[]).includes(a.action) ? (a.action as AuditEntryDto['action']) : 'edited',
        userID: a.actor_id,
        username: a.username ?? 'A former member',
        date: toIso(Number(a.created_at)),
        changes: visibleLines(state, actor.id, parseJson<ChangeLine[]>(a.changes, []), leaderName).map(({ field, before, after }) => ({
          field,
          before,
          after,
        })),
        note: a.note,
      })),
    };
  }

  return {
    /** The game's proposals and audit trail, for members of its group. */
    getHistory(actor: UserDto, gameID: string): Promise<GameHistoryDto> {
      return readHistory(db, gameID, actor);
    },

    /** A player of the game proposes a result change; it is checked as if it were made now, and kept pending. */
    async propose(actor: UserDto, body: ProposeGameChangeBody): Promise<ProposalDto> {
      await throttle.consume(`game-proposal:${actor.id}`, PROPOSAL_LIMIT, PROPOSAL_LIMIT_MESSAGE);
      let groupId = '';
      const proposed = await db.transaction().execute(async (tx) => {
        const { state, access, may } = await stateOf(tx, body.gameID, actor, true);
        if (!may.proposeChange) {
          throw forbidden(may.changeResult ? 'You can change the result yourself' : 'Only players of this game can propose a change');
        }
        // The leader a player played is theirs to set, not a result to propose.
        const changes: ResultChanges = {
          ...body.changes,
          members: body.changes.members?.map(({ civPlayed: _civPlayed, ...m }) => m),
        };
        const plan = planChange(state, changes, { now: clock.now(), leaderIds: leaderIdsOf(access) });
        const lines = plan.lines.filter((l) => l.kind === 'result');
        if (!lines.length) throw invalid({ changes: 'The proposal changes nothing' });
        const mine = (await records.listProposals(tx, state.game.id)).filter((p) => p.status === 'pending' && p.proposed_by === actor.id);
        if (mine.length >= MAX_PENDING_PROPOSALS) {
          throw conflict(`You already have ${MAX_PENDING_PROPOSALS} pending proposals on this game; wait for a decision`);
        }
        const now = clock.now();
        const id = newId();
        const stored: StoredProposal = {
          changes,
          summary: lines.map((l) => `${l.field}: ${l.before} → ${l.after}`),
          resultVersion: state.game.result_version,
        };
        await records.insertProposal(tx, {
          id,
          game_id: state.game.id,
          proposed_by: actor.id,
          changes: JSON.stringify(stored),
          reason: body.reason,
          status: 'pending',
          decided_by: null,
          decided_at: null,
          decision_reason: null,
          created_at: now,
        });
        await recordAudit(tx, { game: state.game, actorId: actor.id, action: 'proposed', lines, note: body.reason, now });
        groupId = state.game.group_id;
        return readProposal(tx, state.game.id, id, actor);
      });
      // The game's open pages show the pending proposal.
      changes?.publish({ groupId, topic: 'games', action: 'changed', gameId: body.gameID });
      return proposed;
    },

    /** A manager accepts (the change is applied now, as them) or rejects a pending proposal. */
    async decide(actor: UserDto, body: DecideGameProposalBody): Promise<ProposalDto> {
      let finished: { groupId: string; gameId: string } | null = null;
      let game: { groupId: string; gameId: string } | null = null;
      let superseded = false;
      const decided = await db.transaction().execute(async (tx) => {
        const { proposal, state, access, may } = await lockPending(tx, body.proposalID, actor);
        if (!may.decideProposal) throw forbidden('Only the host, the game creator or an Administrator can decide a proposal');
        assertResultUnchanged(state.game, body.expectedResultVersion);
        const now = clock.now();
        const stored = parseJson<StoredProposal>(proposal.changes, { changes: {}, summary: [] });
        game = { groupId: state.game.group_id, gameId: state.game.id };
        if (body.decision === 'accept' && proposedAgainstOlderResult(stored, state.game.result_version)) {
          await records.decideProposal(tx, proposal.id, {
            status: 'superseded',
            decided_by: actor.id,
            decided_at: now,
            decision_reason: null,
          });
          superseded = true;
          return readProposal(tx, state.game.id, proposal.id, actor);
        }
        const proposer = state.members.find((m) => m.user_id === proposal.proposed_by)?.username ?? 'a former member';
        const note = [`Proposed by ${proposer}: ${proposal.reason}`, body.reason].filter(Boolean).join(' · ');
        if (body.decision === 'accept') {
          const plan = planChange(state, stored.changes, { now, leaderIds: leaderIdsOf(access) });
          await applyPlan(tx, state, plan, actor, { action: 'accepted', note });
          if (plan.justFinished) finished = { groupId: state.game.group_id, gameId: state.game.id };
        } else {
          await recordAudit(tx, { game: state.game, actorId: actor.id, action: 'rejected', lines: [], note, now });
        }
        await records.decideProposal(tx, proposal.id, {
          status: body.decision === 'accept' ? 'accepted' : 'rejected',
          decided_by: actor.id,
          decided_at: now,
          decision_reason: body.reason || null,
        });
        return readProposal(tx, state.game.id, proposal.id, actor);
      });
      // As for a result entered directly: a game finished by an accepted proposal is heard of once committed.
      // Otherwise the game's open pages still refetch it: the proposal is decided, the result maybe changed.
      const done = finished as { groupId: string; gameId: string } | null;
      const decidedOn = game as { groupId: string; gameId: string } | null;
      if (done) changes?.publish({ groupId: done.groupId, topic: 'games', action: 'updated', gameId: done.gameId });
      else if (decidedOn) changes?.publish({ groupId: decidedOn.groupId, topic: 'games', action: 'changed', gameId: decidedOn.gameId });
      if (superseded) throw conflict(PROPOSAL_SUPERSEDED_MESSAGE);
      return decided;
    },

    /** Another player of the game confirms or contests a pending proposal, with a reason; a second vote replaces the first. */
    async vote(actor: UserDto, body: VoteGameProposalBody): Promise<ProposalDto> {
      await throttle.consume(`game-proposal:${actor.id}`, PROPOSAL_LIMIT, PROPOSAL_LIMIT_MESSAGE);
      let game: { groupId: string; gameId: string } | null = null;
      const voted = await db.transaction().execute(async (tx) => {
        const { proposal, state, may } = await lockPending(tx, body.proposalID, actor);
        if (!may.voteProposal) throw forbidden('Only players of this game can confirm or contest a proposal');
        if (proposal.proposed_by === actor.id) throw forbidden('You cannot vote on your own proposal');
        const now = clock.now();
        await records.upsertVote(tx, {
          proposal_id: proposal.id,
          user_id: actor.id,
          vote: body.vote,
          reason: body.reason,
          created_at: now,
        });
        await recordAudit(tx, {
          game: state.game,
          actorId: actor.id,
          action: body.vote === 'confirm' ? 'confirmed' : 'contested',
          lines: [],
          note: body.reason,
          now,
        });
        game = { groupId: state.game.group_id, gameId: state.game.id };
        return readProposal(tx, state.game.id, proposal.id, actor);
      });
      const votedOn = game as { groupId: string; gameId: string } | null;
      if (votedOn) changes?.publish({ groupId: votedOn.groupId, topic: 'games', action: 'changed', gameId: votedOn.gameId });
      return voted;
    },
  };
}
export type GameProposalsService = ReturnType<typeof createGameProposalsService>;
