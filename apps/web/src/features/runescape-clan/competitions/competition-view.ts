import { competitionMetric, type CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import type {
  CompetitionParticipant,
  CompetitionStatus,
  CompetitionSummary,
  CompetitionParticipation,
  CompetitionKind,
  TeamSplit,
} from '@smm/shared/runescape/competition-schemas';
import { formatStat } from '../../runescape/skill-format';

export const STATUS_ORDER: CompetitionStatus[] = ['ongoing', 'upcoming', 'finished'];

/** The list's three sections, each in the server's order (ongoing, upcoming soonest first, finished latest first). */
export function bySection(competitions: readonly CompetitionSummary[]): Record<CompetitionStatus, CompetitionSummary[]> {
  const sections: Record<CompetitionStatus, CompetitionSummary[]> = { ongoing: [], upcoming: [], finished: [] };
  for (const c of competitions) sections[c.status].push(c);
  return sections;
}

/** A metric's name in the clan's game; an id the game no longer lists is shown as it is. */
export const metricLabel = (game: CompetitionGame, id: string) => competitionMetric(game, id)?.label ?? id;

/** What a metric's gain counts: experience for skills, kills for bosses, score for activities. */
export function metricUnit(game: CompetitionGame, id: string): string {
  const kind = competitionMetric(game, id)?.kind;
  return kind === 'boss' ? 'kills' : kind === 'activity' ? 'score' : 'XP';
}

/** A gain as '+1,234'; '-' when it cannot be measured, '0' when nothing was gained. */
export const formatGain = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : value > 0 ? `+${formatStat(value)}` : value < 0 ? `-${formatStat(-value)}` : '0';

export const PARTICIPATION_LABELS: Record<CompetitionParticipation, string> = {
  everyone: 'Everyone with a linked account',
  join: 'Members who join',
  event: "An event's attendees",
};

export const KIND_LABELS: Record<CompetitionKind, string> = { classic: 'Classic', teams: 'Teams' };

/** An even split of the participants, as the create form and the teams dialog offer it. */
export const TEAM_SPLIT_LABELS: Record<TeamSplit, string> = {
  level: 'Split evenly by current total level',
  xp: 'Split evenly by current total experience',
};

/**
 * Why a participant's gains are not (all) known yet, or null when both ends are stored. A finished
 * competition keeps what it has: a failed snapshot is said, never retried silently.
 */
export function snapshotNote(
  p: Pick<CompetitionParticipant, 'playerName' | 'startSnapshot' | 'endSnapshot'>,
  status: CompetitionStatus,
): string | null {
  if (!p.playerName) return 'No linked account';
  if (p.startSnapshot === 'failed') return 'Start snapshot failed: the hiscores did not answer';
  if (p.startSnapshot === 'pending') return status === 'upcoming' ? null : 'Start snapshot pending';
  if (p.endSnapshot === 'failed') return 'End snapshot failed: the hiscores did not answer';
  if (p.endSnapshot === 'pending' && status === 'finished') return 'End snapshot pending';
  return null;
}

/** The form of the create and edit dialog, as typed. Times are instants (epoch ms) or null. */
export interface CompetitionForm {
  name: string;
  startsAt: number | null;
  endsAt: number | null;
  metrics: string[];
  kind: CompetitionKind;
  participation: CompetitionParticipation;
  eventID: string;
  /** Teams competitions: 'hand' (set on the competition's page) or an even split by level or experience. */
  teams: 'hand' | TeamSplit;
  teamCount: number;
}

/** What the form is missing before it is worth sending; the server checks the rest and answers per field. */
export function missingFields(form: CompetitionForm): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!form.name.trim()) missing.name = 'Name is required';
  if (form.startsAt === null) missing.startsAt = 'Start time is required';
  if (form.endsAt === null) missing.endsAt = 'End time is required';
  else if (form.startsAt !== null && form.endsAt <= form.startsAt) missing.endsAt = 'End time must be after the start time';
  if (form.metrics.length === 0) missing.metrics = 'Pick at least one metric';
  if (form.participation === 'event' && !form.eventID) missing.eventID = 'Pick the event whose attendees take part';
  return missing;
}

/** What deleting takes with it, said in the confirm dialog. */
export const DELETE_COMPETITION_QUESTION =
  'Delete this competition? Its standings, teams, participants and chart are deleted with it. The members’ linked accounts and their hiscores history stay.';
