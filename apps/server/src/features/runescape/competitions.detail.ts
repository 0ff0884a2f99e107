import { can } from '@smm/shared/groups/policy';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import { COMPETITION_HISTORY_MAX, type CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { GroupAccess } from '../groups/group-access';
import { toHistoryEntry } from './competitions.history';
import { CHART_SLICES, metricsOf, toChart, toStandings, toSummary, type ParticipantInput } from './competitions.mapper';
import * as repo from './competitions.repo';

/** Who takes part (or, before the start, would): stored rows, or the clan's linked members (and an event's attendees) with stored teams. */
export async function loadParticipants(db: Db, row: repo.CompetitionRow): Promise<ParticipantInput[]> {
  const stored = await repo.listParticipants(db, row.id);
  const fromRow = (p: repo.ParticipantViewRow): ParticipantInput => ({
    userID: p.user_id,
    username: p.username,
    playerId: p.player_id,
    playerName: p.player_name,
    gameMode: p.game_mode,
    team: p.team,
    startStatus: p.start_status,
    endStatus: p.end_status,
    startTakenAt: p.start_taken_at,
    startValues: p.start_values,
    endTakenAt: p.end_taken_at,
    endValues: p.end_values,
    latestData: p.latest_data,
  });
  if (row.participants_fixed_at !== null || row.participation === 'join') return stored.map(fromRow);
  if (row.participation === 'event' && row.event_id === null) return [];
  const teamOf = new Map(stored.map((p) => [p.user_id, p.team]));
  const eligible = await repo.listEligible(db, row.group_id, row.participation === 'event' ? row.event_id : null);
  return eligible.map((e) => ({
    userID: e.user_id,
    username: e.username,
    playerId: e.player_id,
    playerName: e.player_name,
    gameMode: e.game_mode,
    team: teamOf.get(e.user_id) ?? null,
    startStatus: 'pending',
    endStatus: 'pending',
    startTakenAt: null,
    startValues: null,
    endTakenAt: null,
    endValues: null,
    latestData: e.latest_data,
  }));
}

/** The detail as the caller sees it; `created` skips reading a history that cannot exist yet. */
export async function competitionDetail(
  db: Db,
  clock: Clock,
  actor: UserDto,
  access: GroupAccess,
  row: repo.CompetitionRow,
  { created = false }: { created?: boolean } = {},
): Promise<CompetitionDetail> {
  const now = clock.now();
  const game = competitionGameOf(access.group.game_name);
  const metrics = metricsOf(row, game);
  const [inputs, changed] = await Promise.all([
    loadParticipants(db, row),
    created ? [] : repo.listChanges(db, row.id, COMPETITION_HISTORY_MAX),
  ]);
  const { status, participants, teams } = toStandings(row, metrics, inputs, now);
  const top = participants.slice(0, 10);
  const byUser = new Map(inputs.map((p) => [p.userID, p]));
  const topInputs = top.map((p) => byUser.get(p.userID)!).filter((p) => p.playerId !== null && p.startTakenAt !== null);
  const finished = status === 'finished';
  const from = Math.min(...topInputs.map((p) => p.startTakenAt!), Number.POSITIVE_INFINITY);
  const to = finished ? Math.max(...topInputs.map((p) => p.endTakenAt ?? p.startTakenAt!), from) : now;
  const snapshots =
    status === 'upcoming' || topInputs.length === 0
      ? []
      : await repo.listSnapshotsOfPlayers(db, [...new Set(topInputs.map((p) => p.playerId!))], from, to, CHART_SLICES);
  const chart = status === 'upcoming' ? [] : toChart(metrics, top, byUser, snapshots, finished, now);
  const takesPart = inputs.some((p) => p.userID === actor.id);
  const linked =
    row.participation === 'join' && !takesPart && now < row.ends_at ? await repo.findLinkedPlayer(db, row.group_id, actor.id) : undefined;
  return {
    competition: toSummary(row, now, {
      participants: inputs.length,
      teams: new Set(inputs.flatMap((p) => (p.team ? [p.team] : []))).size,
    }),
    participants,
    teams,
    chart,
    viewer: {
      takesPart,
      mayJoin:
        row.participation === 'join' &&
        !takesPart &&
        now < row.ends_at &&
        linked !== undefined &&
        (row.participants_fixed_at === null || !inputs.some((p) => p.playerId === linked)),
      mayLeave: row.participation === 'join' && takesPart && now < row.starts_at,
      mayManage: can('manageCompetitions', access.context),
    },
    history: changed.map(toHistoryEntry),
  };
}
