import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { canDeleteEvent, canEditEvent, creatorIsMember, hasEnded } from '@smm/shared/events/rules';
import type { EventDto, RsvpResponse } from '@smm/shared/events/schemas';
import { can, type Viewer } from '@smm/shared/groups/policy';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { downloadEventIcs } from '../api/download-event-ics';
import { waitlistNames } from '../rsvp';
import { AttendButton } from './AttendButton';
import { AttendeeList } from './AttendeeList';
import { DescriptionText } from './DescriptionText';
import { EventTimes } from './EventTimes';
import { AnswerNudge } from './AnswerNudge';
import { EventQuorumBadges } from './EventQuorumBadges';
import { RsvpControl } from './RsvpControl';
import { SignupStatus } from './SignupStatus';
import { WhoCame } from './WhoCame';

interface Props {
  event: EventDto;
  userID: string;
  /** The viewer's place in the group: its owner and Administrators may delete an event whose creator has left. */
  viewerRole: Viewer;
  timeZone: string;
  now: number;
  attendPending: boolean;
  onAttendance: (attending: boolean) => void;
  onWaitlist?: (join: boolean) => void;
  waitlistPending?: boolean;
  /** The viewer's answer: Attending, Late, Maybe, Can sub or Not coming. */
  onRespond?: (response: RsvpResponse) => void;
  respondPending?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onHide: () => void;
  /** Civilization groups, for members who may add games: Draft, or Redraft once the event is drafted. */
  onDraft?: () => void;
  /** Civilization groups: the drafted game's page, once the event is drafted. */
  draftedGamePath?: string | null;
}

const fileName = (eventName: string) =>
  `${
    eventName
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'event'
  }.ics`;

/**
 * The detail dialog: start, end, attendees, Attend or Unattend, Cancel; Edit and Delete only for the creator,
 * and Delete (only) for the group's owner and Administrators once the creator has left the group.
 * In Civilization groups also Draft (Redraft) and, once drafted, a link to the drafted game.
 */
export function EventDetailModal({
  event,
  userID,
  viewerRole,
  timeZone,
  now,
  attendPending,
  onAttendance,
  onWaitlist,
  waitlistPending,
  onRespond,
  respondPending = false,
  onEdit,
  onDelete,
  onHide,
  onDraft,
  draftedGamePath,
}: Props) {
  const drafted = event.isDrafted && Boolean(draftedGamePath);
  const creatorStays = creatorIsMember(event);
  const mayEdit = canEditEvent(event, userID);
  const mayDelete = canDeleteEvent(event, { userID, role: viewerRole }, creatorStays);
  // After the end, the creator and Administrators mark who came.
  const mayMarkAttendance =
    hasEnded(event, now) && (canEditEvent(event, userID) || can('markAnyAttendance', { viewer: viewerRole, isPrivate: false }));
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadEventIcs(event._id, fileName(event.eventName));
    } catch (error) {
      toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="event-detail-title">
      <Modal.Header>
        <Modal.Title id="event-detail-title">{event.eventName}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <EventTimes event={event} timeZone={timeZone} />
        <EventQuorumBadges event={event} />
        {event.seriesID && <p className="small mb-2">Repeats weekly</p>}
        {event.description && <DescriptionText text={event.description} className="mt-2" />}
        <SignupStatus event={event} userID={userID} timeZone={timeZone} now={now} />
        {onRespond && (
          <div className="my-2">
            <RsvpControl event={event} userID={userID} now={now} pending={respondPending} onRespond={onRespond} variant="buttons" />
          </div>
        )}
        <AttendeeList event={event} />
        <AnswerNudge event={event} userID={userID} viewerRole={viewerRole} timeZone={timeZone} />
        {event.waitlistMembers && <p className="small mt-2 mb-0">Waitlist: {waitlistNames(event).join(', ')}</p>}
        {mayMarkAttendance && <WhoCame event={event} groupID={event.groupID} />}
        {!creatorStays && <p className="small text-body-secondary mt-3 mb-0">The creator of this event has left the group.</p>}
        {drafted && draftedGamePath && (
          <p className="event-drafted mt-3 mb-0">
            <span className="badge text-bg-success me-2">Drafted</span>
            <Link to={draftedGamePath}>View drafted game</Link>
          </p>
        )}
        <Button variant="link" className="px-0 mt-2" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Add to calendar (.ics)'}
        </Button>
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        {(mayEdit || mayDelete) && (
          <div className="me-auto d-flex gap-2">
            {mayEdit && (
              <Button variant="outline-primary" onClick={onEdit}>
                Edit
              </Button>
            )}
            {mayDelete && (
              <Button variant="outline-danger" onClick={onDelete}>
                Delete
              </Button>
            )}
          </div>
        )}
        {onDraft && (
          <Button variant="outline-primary" onClick={onDraft}>
            {event.isDrafted ? 'Redraft' : 'Draft'}
          </Button>
        )}
        <AttendButton
          event={event}
          userID={userID}
          now={now}
          pending={attendPending}
          onChange={onAttendance}
          onWaitlist={onWaitlist}
          waitlistPending={waitlistPending}
        />
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
