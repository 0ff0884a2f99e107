import Card from 'react-bootstrap/Card';
import type { CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import type { CompetitionChange, CompetitionHistoryEntry, CompetitionParticipation } from '@smm/shared/runescape/competition-schemas';
import { formatEventTime, zoneAbbreviation } from '../../../events/event-time';
import { KIND_LABELS, metricLabel, PARTICIPATION_LABELS } from '../competition-view';

/** The zone a time is read in, as the page names it: "UTC", or "Europe/Paris, GMT+1". */
function zoneNote(iso: string, timeZone: string): string {
  const abbreviation = zoneAbbreviation(iso, timeZone);
  return abbreviation === timeZone ? timeZone : `${timeZone}, ${abbreviation}`;
}

const moved = (what: string, change: { before: string; after: string }, timeZone: string) =>
  `moved the ${what} from ${formatEventTime(change.before, timeZone)} to ${formatEventTime(change.after, timeZone)} (${zoneNote(change.after, timeZone)})`;

/** A label as it reads inside a sentence: "Members who join" → "members who join". */
const midSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** What one changed field says, after the editor's name; null when another change of the edit already says it. */
function describeChange(change: CompetitionChange, others: readonly CompetitionChange[], game: CompetitionGame, timeZone: string) {
  switch (change.field) {
    case 'name':
      return `renamed it from “${change.before}” to “${change.after}”`;
    case 'startsAt':
      return moved('start', change, timeZone);
    case 'endsAt':
      return moved('end', change, timeZone);
    case 'metrics': {
      const labels = (ids: string[]) => ids.map((id) => metricLabel(game, id)).join(', ');
      return `changed the metrics from ${labels(change.before)} to ${labels(change.after)}`;
    }
    case 'kind':
      return `changed the kind from ${midSentence(KIND_LABELS[change.before])} to ${midSentence(KIND_LABELS[change.after])}`;
    case 'participation': {
      const event = others.find((other) => other.field === 'eventID');
      // An edit kept before events were named reads "the attendees of an event", not a label's capital mid-sentence.
      const who = (participation: CompetitionParticipation, eventName: string | null | undefined) =>
        participation !== 'event'
          ? midSentence(PARTICIPATION_LABELS[participation])
          : eventName
            ? `the attendees of “${eventName}”`
            : 'the attendees of an event';
      return `changed who takes part from ${who(change.before, event?.beforeName)} to ${who(change.after, event?.afterName)}`;
    }
    case 'eventID':
      // Taking up or leaving an event's attendees is said by the change of who takes part.
      if ((change.before === null || change.after === null) && others.some((other) => other.field === 'participation')) return null;
      if (change.beforeName && change.afterName)
        return `changed the event whose attendees take part from “${change.beforeName}” to “${change.afterName}”`;
      if (change.afterName) return `changed the event whose attendees take part to “${change.afterName}”`;
      return 'changed the event whose attendees take part';
  }
}

/** "Alice renamed it from “X” to “Y” and moved the end from … to … (UTC)". */
export function describeEdit(entry: CompetitionHistoryEntry, game: CompetitionGame, timeZone: string): string {
  const clauses = entry.changes.flatMap((change) => describeChange(change, entry.changes, game, timeZone) ?? []);
  const said = clauses.length > 1 ? `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}` : (clauses[0] ?? 'edited it');
  return `${entry.actorUsername ?? 'A former member'} ${said}`;
}

/** The competition's edits, newest first, in the viewer's zone; nothing when it was never changed. */
export function CompetitionHistory({
  history,
  game,
  timeZone,
}: {
  history: readonly CompetitionHistoryEntry[];
  game: CompetitionGame;
  timeZone: string;
}) {
  if (history.length === 0) return null;
  return (
    <Card as="section" className="mt-3" aria-labelledby="competition-history-title">
      <Card.Header>
        <h3 id="competition-history-title" className="h5 mb-0">
          History
        </h3>
      </Card.Header>
      <ul className="list-group list-group-flush" aria-labelledby="competition-history-title">
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.actorID ?? ''}`} className="list-group-item text-break">
            <div>{describeEdit(entry, game, timeZone)}</div>
            <div className="small text-body-secondary">
              <time dateTime={entry.at}>{formatEventTime(entry.at, timeZone)}</time> ({zoneNote(entry.at, timeZone)})
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
