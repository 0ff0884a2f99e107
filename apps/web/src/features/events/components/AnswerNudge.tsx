import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { answeredText, canRemindEventMembers, NUDGES_PER_DAY, type EventNudgeDto } from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import type { Viewer } from '@smm/shared/groups/policy';
import { errorBodyOf } from '../../../lib/api-client';
import { useCancelEvent } from '../api/cancel-event';
import { useEventNudge, useRemindEventMembers } from '../api/event-nudge';
import { formatWithZone } from '../event-time';

interface Props {
  event: EventDto;
  userID: string;
  viewerRole: Viewer;
  timeZone: string;
}

/**
 * For the event's organisers: "5 of 8 answered", who has not, Remind (once a day per event, or per weekly series, and
 * NUDGES_PER_DAY a day per organiser) and Call off event (asked again in place). Nothing for other members.
 */
export function AnswerNudge(props: Props) {
  const { event, userID, viewerRole } = props;
  if (!canRemindEventMembers(event, { userID, role: viewerRole })) return null;
  return <AnswerNudgePanel {...props} />;
}

/**
 * Why Remind waits, in the viewer's zone: the organiser's own day first; the event's (or series') next
 * reminder too when it comes later, since pressing before then would be refused for it.
 */
function reminderWait(data: EventNudgeDto, timeZone: string): string {
  const own = data.dailyRemindersUsedUntil;
  const next = data.nextReminderAt;
  const parts = [];
  if (own) {
    parts.push(
      ` You have sent your ${NUDGES_PER_DAY} reminders for the day: you can remind members again from ${formatWithZone(own, timeZone)}.`,
    );
  }
  if (next && (!own || Date.parse(next) > Date.parse(own))) {
    parts.push(` Members can be reminded again from ${formatWithZone(next, timeZone)}.`);
  }
  return parts.join('');
}

function AnswerNudgePanel({ event, timeZone }: Props) {
  const nudge = useEventNudge(event.groupID, event._id);
  const remind = useRemindEventMembers(event.groupID, event._id);
  const cancel = useCancelEvent(event.groupID, event._id);
  const [confirming, setConfirming] = useState(false);
  if (nudge.isPending) {
    return (
      <p className="small mt-3 mb-0" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Loading who has answered…
      </p>
    );
  }
  if (nudge.isError) {
    return (
      <Alert variant="warning" className="mt-3 mb-0 small">
        {errorBodyOf(nudge.error).message}
      </Alert>
    );
  }
  const data = nudge.data;
  const cancelled = Boolean(event.cancelledAt);
  return (
    <section className="answer-nudge border rounded p-2 mt-3" aria-label="Answers">
      <p className="mb-1">
        <strong>{answeredText(data)}</strong>
      </p>
      {data.notAnswered.length > 0 && (
        <p className="small mb-2">Not answered yet: {data.notAnswered.map((member) => member.username).join(', ')}</p>
      )}
      {data.lastRemindedAt && (
        <p className="small text-body-secondary mb-2">Last reminded {formatWithZone(data.lastRemindedAt, timeZone)}</p>
      )}
      {!cancelled && data.notAnswered.length > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={!data.canRemind || remind.isPending}
            onClick={() => remind.mutate()}
            aria-describedby="answer-nudge-status"
          >
            {remind.isPending ? 'Sending…' : 'Remind members who have not answered'}
          </Button>
          <span id="answer-nudge-status" className="small" role="status">
            {remind.isSuccess && `${remind.data.message}.`}
            {!data.canRemind && reminderWait(data, timeZone)}
          </span>
        </div>
      )}
      {remind.isError && (
        <Alert variant="danger" className="small mt-2 mb-0" role="alert">
          {errorBodyOf(remind.error).message}
        </Alert>
      )}
      {!cancelled && Date.parse(event.endDate) > Date.now() && (
        <div className="mt-2">
          {confirming ? (
            <div role="group" aria-label="Call off this event?" className="d-flex flex-wrap align-items-center gap-2">
              <span className="small">
                Call off {event.eventName}? It stays listed, marked Cancelled, with its sign-ups; those signed up are mailed.
              </span>
              <Button
                size="sm"
                variant="danger"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              >
                {cancel.isPending ? 'Calling off…' : 'Yes, call it off'}
              </Button>
              <Button size="sm" variant="outline-secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          ) : (
            <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
              Call off event
            </Button>
          )}
        </div>
      )}
      {cancel.isError && (
        <Alert variant="danger" className="small mt-2 mb-0" role="alert">
          {errorBodyOf(cancel.error).message}
        </Alert>
      )}
    </section>
  );
}
