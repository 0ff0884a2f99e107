import type { EventDto } from '@smm/shared/events/schemas';
import { namesByResponse } from '../rsvp';

const SEATLESS = [
  ['maybe', 'Maybe'],
  ['can_sub', 'Can sub'],
  ['not_coming', 'Not coming'],
] as const;

/** Who attends (Late marked), with the seats taken out of the maximum, then who answered Maybe, Can sub or Not coming. */
export function AttendeeList({ event }: { event: EventDto }) {
  const { attendingMembers, maxNumberOfMembers } = event;
  const names = namesByResponse(event);
  return (
    <div>
      <div className="fw-semibold">
        Attendees ({attendingMembers.length}/{maxNumberOfMembers})
      </div>
      {attendingMembers.length === 0 ? (
        <p className="text-body-secondary mb-0">No one yet</p>
      ) : (
        <ul className="list-unstyled mb-0 event-attendees">
          {attendingMembers.map((member) => (
            <li key={member.userID}>
              {member.username}
              {member.late && <span className="badge text-bg-info ms-2">Late</span>}
            </li>
          ))}
        </ul>
      )}
      {SEATLESS.map(([response, title]) =>
        names[response].length === 0 ? null : (
          <p key={response} className="small mt-2 mb-0 event-responses">
            <span className="fw-semibold">
              {title} ({names[response].length}):
            </span>{' '}
            {names[response].join(', ')}
          </p>
        ),
      )}
    </div>
  );
}
