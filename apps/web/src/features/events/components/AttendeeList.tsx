import type { EventDto } from '@smm/shared/events/schemas';

/** Who attends, with the seats taken out of the maximum. */
export function AttendeeList({ event }: { event: EventDto }) {
  const { attendingMembers, maxNumberOfMembers } = event;
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
            <li key={member.userID}>{member.username}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
