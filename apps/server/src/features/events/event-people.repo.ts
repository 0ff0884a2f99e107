import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { precompiled, precompiledForIds } from '../../db/precompiled';
import { groupRowCache } from '../../db/row-cache';
import type { TableVersions } from '../../db/table-versions';
import type { Db } from '../../db/schema';
import { listByGroup, type AttendeeRow, type EventRow } from './events.repo';
import type { ResponseRow } from './responses.repo';
import type { WaitlistRow } from './waitlist.repo';

/** Everyone an event lists, and whether its creator has left the group. */
export interface EventPeople {
  /** Oldest sign-up first. */
  attendees: AttendeeRow[];
  /** First in line first. */
  waiting: WaitlistRow[];
  /** Seatless answers, first answered first. */
  answers: ResponseRow[];
  /** The events whose creator is no longer a member of the event's group. */
  departed: Set<string>;
}

type PersonRow = {
  kind: 'seat' | 'wait' | 'answer' | 'departed';
  event_id: string;
  user_id: string;
  at: number;
  late: number | null;
  response: ResponseRow['response'] | null;
  username: string | null;
  email: string | null;
  time_zone: string | null;
};

/**
 * The seats, waitlists, seatless answers and departed creators of the events, in one statement
 * however many events there are (on PostgreSQL each statement is a round trip). Only people who are
 * still members of the event's group count: someone who left or was kicked neither shows nor holds
 * a place.
 */
export async function listEventPeople(db: Db, eventIds: readonly string[]): Promise<EventPeople> {
  if (eventIds.length === 0) return peopleOfRows([]);
  return peopleOfRows(await peopleOfEvents.all(db, eventIds));
}

/** The people of the rows, each kind in the rows' order. */
function peopleOfRows(rows: readonly PersonRow[]): EventPeople {
  const people: EventPeople = { attendees: [], waiting: [], answers: [], departed: new Set() };
  for (const row of rows) {
    const at = Number(row.at);
    if (row.kind === 'seat') {
      people.attendees.push({
        event_id: row.event_id,
        user_id: row.user_id,
        username: row.username!,
        email: row.email!,
        joined_at: at,
        late: Number(row.late ?? 0),
      });
    } else if (row.kind === 'wait') {
      people.waiting.push({
        event_id: row.event_id,
        user_id: row.user_id,
        username: row.username!,
        email: row.email!,
        time_zone: row.time_zone,
        joined_at: at,
        late: Number(row.late ?? 0),
      });
    } else if (row.kind === 'answer') {
      people.answers.push({
        event_id: row.event_id,
        user_id: row.user_id,
        username: row.username!,
        response: row.response!,
        responded_at: at,
      });
    } else {
      people.departed.add(row.event_id);
    }
  }
  return people;
}

// Read by every sign-up, withdrawal and answer (one event) and every event list: compiled once per number of events.
const peopleOfEvents = precompiledForIds<PersonRow>(0, (db, eventIds) => ({ compile: () => peopleOf(eventIds).compile(db) }));

/** A person of an event as the group's event list carries them: kind, user, at, late, response, username, email, zone. */
type PackedPerson = [PersonRow['kind'], string, number, number | null, PersonRow['response'], string | null, string | null, string | null];

/**
 * The group's events, in the order of an event list, with their people: on PostgreSQL in one statement (each
 * statement is a round trip there), on SQLite as the events and then their people. `versions`, read with the
 * caller (db/table-versions.ts), lets the members who ask after a write share one read on PostgreSQL too.
 */
export function listGroupEventsWithPeople(db: Db, groupId: string, versions?: TableVersions): Promise<GroupEventList> {
  const load = db.getExecutor().adapter instanceof PostgresAdapter ? readInOne : readInTwo;
  return groupEventLists.read(db, groupId, () => load(db, groupId), { versions });
}

async function readInTwo(db: Db, groupId: string): Promise<GroupEventList> {
  const rows = await listByGroup(db, groupId);
  return {
    rows,
    people: await listEventPeople(
      db,
      rows.map((row) => row.id),
    ),
  };
}

async function readInOne(db: Db, groupId: string): Promise<GroupEventList> {
  const found = await groupEventsWithPeople.all(db, groupId);
  const persons: PersonRow[] = [];
  const rows = found.map(({ people, ...row }) => {
    for (const [kind, user_id, at, late, response, username, email, time_zone] of people) {
      persons.push({ kind, event_id: row.id, user_id, at, late, response, username, email, time_zone });
    }
    return row;
  });
  return { rows, people: peopleOfRows(persons) };
}

interface GroupEventList {
  rows: EventRow[];
  people: EventPeople;
}

// A sign-up lapses the event list kept for each member of its group; the members who ask next share
// one read of the group's events and people.
const groupEventLists = groupRowCache<GroupEventList>({ ttlMs: 60_000, max: 100 });

// PostgreSQL only: the events as `listByGroup` reads them, each with its people as peopleOf finds them, in
// the order peopleOf gives them (kind, then time, then member).
const groupEventsWithPeople = precompiled<EventRow & { people: PackedPerson[] }>(1, (db, groupId) => ({
  compile: () =>
    sql<EventRow & { people: PackedPerson[] }>`
      with people as materialized (${peopleIn(sql`select id, group_id, user_id from events where group_id = ${groupId}`)}),
      packed as (
        select event_id, json_agg(json_build_array(kind, user_id, at, late, response, username, email, time_zone) order by kind, at, user_id) as people
        from people group by event_id
      )
      select e.*, coalesce(p.people, '[]'::json) as people
      from events e left join packed p on p.event_id = e.id
      where e.group_id = ${groupId}
      order by e.start_at, e.end_at, e.id`.compile(db),
}));

// `materialized`: the events are found once, not once per branch. On SQLite ten events' people
// then take about 105 µs, where the inlined form took 120 or 260 µs depending on the run
// (PostgreSQL materializes a CTE used more than once anyway).
function peopleOf(eventIds: readonly string[]) {
  return sql<PersonRow>`${peopleIn(sql`select id, group_id, user_id from events where id in (${sql.join(eventIds)})`)} order by 1, 4, 3`;
}

/** The people of the events `wanted` selects (their id, group and creator), unordered. */
function peopleIn(wanted: RawBuilder<unknown>) {
  return sql<PersonRow>`
    with wanted as materialized (${wanted})
    select 'seat' as kind, a.event_id, a.user_id, a.joined_at as at, a.late, null as response, u.username, u.email, null as time_zone
    from wanted e
    join event_attendees a on a.event_id = e.id
    join group_members m on m.group_id = e.group_id and m.user_id = a.user_id
    join users u on u.id = a.user_id
    union all
    select 'wait', w.event_id, w.user_id, w.joined_at, w.late, null, u.username, u.email, u.time_zone
    from wanted e
    join event_waitlist w on w.event_id = e.id
    join group_members m on m.group_id = e.group_id and m.user_id = w.user_id
    join users u on u.id = w.user_id
    union all
    select 'answer', r.event_id, r.user_id, r.responded_at, null, r.response, u.username, null, null
    from wanted e
    join event_responses r on r.event_id = e.id
    join group_members m on m.group_id = e.group_id and m.user_id = r.user_id
    join users u on u.id = r.user_id
    union all
    select 'departed', e.id, e.user_id, 0, null, null, null, null, null
    from wanted e
    left join group_members m on m.group_id = e.group_id and m.user_id = e.user_id
    where m.user_id is null`;
}

/** The people with one member's seat, place in line and seatless answer taken away. */
export const withoutMember = (people: EventPeople, userId: string): EventPeople => ({
  attendees: people.attendees.filter((a) => a.user_id !== userId),
  waiting: people.waiting.filter((w) => w.user_id !== userId),
  answers: people.answers.filter((r) => r.user_id !== userId),
  departed: people.departed,
});

/** What the member holds on the event: a seat, a place in line, a seatless answer (at most one of them as a rule). */
export const heldBy = (people: EventPeople, userId: string) => ({
  seat: people.attendees.find((a) => a.user_id === userId),
  place: people.waiting.some((w) => w.user_id === userId),
  answer: people.answers.some((r) => r.user_id === userId),
});

/** The order listEventPeople gives seats: oldest sign-up first, then by member id. */
export const bySignUp = (a: Pick<AttendeeRow, 'joined_at' | 'user_id'>, b: Pick<AttendeeRow, 'joined_at' | 'user_id'>): number =>
  a.joined_at - b.joined_at || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0);
