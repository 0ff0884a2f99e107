import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { EventDto } from '@smm/shared/events/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useEventAttendance, useMarkEventAttendance } from '../api/event-attendance';

interface Props {
  event: EventDto;
  groupID: string;
}

/**
 * After the event, for its creator and Administrators: each member who held a seat (or said Maybe
 * or Can sub) marked Came or Didn't show; a mark can be changed by pressing the other.
 */
export function WhoCame({ event, groupID }: Props) {
  const marks = useEventAttendance(groupID, event._id, true);
  const mark = useMarkEventAttendance(groupID, event._id);
  const markOf = new Map(marks.data?.marks.map((m) => [m.userID, m.attended]));
  const people = new Map<string, string>();
  for (const member of event.attendingMembers) people.set(member.userID, member.username);
  for (const member of event.responseMembers ?? []) if (member.response !== 'not_coming') people.set(member.userID, member.username);
  for (const m of marks.data?.marks ?? []) people.set(m.userID, m.username);
  const busy = mark.isPending ? mark.variables?.userID : undefined;

  return (
    <section aria-labelledby={`who-came-${event._id}`} className="mt-3 who-came">
      <h3 id={`who-came-${event._id}`} className="h6 mb-2">
        Who came
      </h3>
      {marks.isPending ? (
        <Loading label="Loading attendance…" />
      ) : marks.isError ? (
        <Alert variant="danger">{errorBodyOf(marks.error).message}</Alert>
      ) : people.size === 0 ? (
        <p className="small text-body-secondary mb-0">Nobody answered this event.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {[...people].map(([userID, username]) => {
            const attended = markOf.get(userID);
            return (
              <li key={userID} className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <span className="me-auto text-break">{username}</span>
                <div role="group" aria-label={`Did ${username} come?`} className="d-flex gap-1">
                  <Button
                    size="sm"
                    variant={attended === true ? 'success' : 'outline-success'}
                    aria-pressed={attended === true}
                    disabled={busy === userID}
                    onClick={() => mark.mutate({ userID, attended: true })}
                  >
                    Came
                  </Button>
                  <Button
                    size="sm"
                    variant={attended === false ? 'danger' : 'outline-danger'}
                    aria-pressed={attended === false}
                    disabled={busy === userID}
                    onClick={() => mark.mutate({ userID, attended: false })}
                  >
                    Didn&apos;t show
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {mark.isError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {errorBodyOf(mark.error).message}
        </Alert>
      )}
    </section>
  );
}
