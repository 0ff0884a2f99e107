import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { canEditEvent } from '@smm/shared/events/rules';
import type { EventDto } from '@smm/shared/events/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { downloadEventIcs } from '../api/download-event-ics';
import { AttendButton } from './AttendButton';
import { AttendeeList } from './AttendeeList';
import { EventTimes } from './EventTimes';

interface Props {
  event: EventDto;
  userID: string;
  timeZone: string;
  now: number;
  attendPending: boolean;
  onAttendance: (attending: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onHide: () => void;
}

const fileName = (eventName: string) =>
  `${
    eventName
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'event'
  }.ics`;

/** The detail dialog: start, end, attendees, Attend or Unattend, Cancel; Edit and Delete only for the creator. */
export function EventDetailModal({ event, userID, timeZone, now, attendPending, onAttendance, onEdit, onDelete, onHide }: Props) {
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
        <AttendeeList event={event} />
        <Button variant="link" className="px-0 mt-2" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Add to calendar (.ics)'}
        </Button>
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        {canEditEvent(event, userID) && (
          <div className="me-auto d-flex gap-2">
            <Button variant="outline-primary" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="outline-danger" onClick={onDelete}>
              Delete
            </Button>
          </div>
        )}
        <AttendButton event={event} userID={userID} now={now} pending={attendPending} onChange={onAttendance} />
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
