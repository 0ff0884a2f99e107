import {
  COMPETITION_CHANGE_FIELDS,
  type CompetitionChange,
  type CompetitionChangeField,
  type CompetitionHistoryEntry,
} from '@smm/shared/runescape/competition-schemas';
import { toIso } from '../../lib/iso-time';
import type { CompetitionRow } from './competitions.repo';
import { metricIdsOf } from './competitions.mapper';

/**
 * One changed field as stored in `runescape_competition_changes.changes`: times epoch ms, metrics an
 * array of ids. A change of event also keeps each event's name as it was at the edit (null when
 * there was none or it was gone); edits kept before names were stored have neither.
 */
export interface StoredChange {
  field: CompetitionChangeField;
  before: string | number | string[] | null;
  after: string | number | string[] | null;
  beforeName?: string | null;
  afterName?: string | null;
}

/** The event names an edit's change of event is told with. */
export interface EventNames {
  before: string | null;
  after: string | null;
}

type Editable = Pick<CompetitionRow, 'name' | 'starts_at' | 'ends_at' | 'metrics' | 'kind' | 'participation' | 'event_id'>;

/** Each field's stored value, keyed by the name the API gives it. */
const valuesOf = (row: Editable): Record<CompetitionChangeField, StoredChange['before']> => ({
  name: row.name,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  metrics: metricIdsOf(row),
  kind: row.kind,
  participation: row.participation,
  eventID: row.event_id,
});

/** The fields an edit changes, in COMPETITION_CHANGE_FIELDS order; empty when it changes nothing. */
export function changesOf(before: Editable, after: Editable): StoredChange[] {
  const from = valuesOf(before);
  const to = valuesOf(after);
  return COMPETITION_CHANGE_FIELDS.filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field])).map((field) => ({
    field,
    before: from[field],
    after: to[field],
  }));
}

/** The changes with the change of event, if any, naming its events. */
export const withEventNames = (changes: StoredChange[], names: EventNames): StoredChange[] =>
  changes.map((change) => (change.field === 'eventID' ? { ...change, beforeName: names.before, afterName: names.after } : change));

const timeField = (field: CompetitionChangeField) => field === 'startsAt' || field === 'endsAt';

/** A stored edit as the detail shows it: times ISO. */
export function toHistoryEntry(row: {
  actor_id: string | null;
  changed_at: number;
  changes: string;
  username: string | null;
}): CompetitionHistoryEntry {
  const changes = (JSON.parse(row.changes) as StoredChange[]).map((change) => {
    if (timeField(change.field)) return { ...change, before: toIso(Number(change.before)), after: toIso(Number(change.after)) };
    if (change.field === 'eventID') return { ...change, beforeName: change.beforeName ?? null, afterName: change.afterName ?? null };
    return change;
  });
  return {
    at: toIso(row.changed_at),
    actorID: row.actor_id,
    actorUsername: row.username,
    changes: changes as CompetitionChange[],
  };
}
