import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { hasEnded, nextEvent } from '@smm/shared/events/rules';
import { can } from '@smm/shared/groups/policy';
import type { EventDto, RsvpResponse } from '@smm/shared/events/schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useErrorToast } from '../../../lib/ui/use-error-toast';
import { useCurrentUser } from '../../auth/app-state';
import { civGamePath } from '../../civ-games/game-links';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { useGroupArea } from '../../groups/components/area/group-area';
import { useAttendance } from '../api/attend-event';
import { useEvents } from '../api/get-events';
import { useRespondToEvent } from '../api/respond-to-event';
import { useViewerTimeZone } from '../api/time-zone';
import { useWaitlist } from '../api/waitlist';
import { DeleteEventModal } from '../components/DeleteEventModal';
import { EventCard } from '../components/EventCard';
import { EventDetailModal } from '../components/EventDetailModal';
import { AttendButton } from '../components/AttendButton';
import { NextEventPanel } from '../components/NextEventPanel';
import { SeriesCard } from '../components/SeriesCard';
import { groupUpcoming } from '../series-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The form brings the date picker; it loads when first opened, not with the list.
const EventFormModal = lazy(() => import('../components/EventFormModal').then((module) => ({ default: module.EventFormModal })));
// Drafting brings the leader catalogue and the draft; they load when Draft is first pressed.
const NewGameModal = lazy(() => import('../../civ-games/components/NewGameModal').then((module) => ({ default: module.NewGameModal })));

type Dialog =
  | { kind: 'none' }
  | { kind: 'detail'; eventID: string }
  | { kind: 'form'; event: EventDto | null }
  | { kind: 'delete'; event: EventDto }
  | { kind: 'draft'; event: EventDto };

/** The clock the page reads, moved on every minute so events slide from upcoming to past. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Events() {
  const { area, groupID, group, context } = useGroupArea();
  const user = useCurrentUser();
  const timeZone = useViewerTimeZone(user.id);
  const events = useEvents(groupID);
  const attendance = useAttendance(groupID, user);
  const waitlist = useWaitlist(groupID, user.id);
  const respond = useRespondToEvent(groupID);
  const showError = useErrorToast();
  const now = useNow();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [showPast, setShowPast] = useState(false);
  const [params, setParams] = useSearchParams();
  const linkedEventID = params.get('eventID');
  const linkedDraft = params.get('draft') === '1';
  const isCivGroup = area === 'civGroup';
  // Drafting from an event is for Civilization groups, by members who may add games.
  const canDraft = isCivGroup && can('editGames', context);

  // A link to one event (from Discord's /draft: &draft=1) opens it, or its draft, once the events are in.
  useEffect(() => {
    if (!linkedEventID || !events.data) return;
    const linked = events.data.find((event) => event._id === linkedEventID);
    if (linked) setDialog(linkedDraft && canDraft ? { kind: 'draft', event: linked } : { kind: 'detail', eventID: linked._id });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('eventID');
        next.delete('draft');
        return next;
      },
      { replace: true },
    );
  }, [linkedEventID, linkedDraft, canDraft, events.data, setParams]);

  const close = () => setDialog({ kind: 'none' });
  const setAttendance = (event: EventDto, attending: boolean) =>
    // A refusal ("This event is full") is told in the server's words; the list reloads either way. Each
    // click's own promise reports its failure (per-call mutate() callbacks reach only the latest).
    attendance.mutateAsync({ eventID: event._id, attending }).catch((error: unknown) => showError(error));
  const attendPending = (event: EventDto) => attendance.isPending && attendance.variables?.eventID === event._id;
  const setWaitlist = (event: EventDto, join: boolean) =>
    waitlist.mutateAsync({ eventID: event._id, join }).catch((error: unknown) => showError(error));
  const waitlistPending = (event: EventDto) => waitlist.isPending && waitlist.variables?.eventID === event._id;
  const setResponse = (event: EventDto, response: RsvpResponse) =>
    respond.mutateAsync({ eventID: event._id, response }).catch((error: unknown) => showError(error));
  const respondPending = (event: EventDto) => respond.isPending && respond.variables?.eventID === event._id;

  if (events.isPending) return <Loading label="Loading events…" />;
  if (!events.data) return <Alert variant="danger">{events.error?.message ?? 'Could not load the events'}</Alert>;

  const all = events.data;
  const upcoming = all.filter((event) => !hasEnded(event, now));
  const past = all.filter((event) => hasEnded(event, now));
  const detail = dialog.kind === 'detail' ? all.find((event) => event._id === dialog.eventID) : undefined;
  const draftedGamePath = (event: EventDto) => (isCivGroup && event.draftGameID ? civGamePath(groupID, event.draftGameID) : null);
  const memberIDs = new Set(group.members.map((member) => member.userID));

  const next = nextEvent(all, now);
  const card = (event: EventDto) => (
    <Col key={event._id}>
      <EventCard
        event={event}
        userID={user.id}
        timeZone={timeZone}
        now={now}
        attendPending={attendPending(event)}
        onOpen={() => setDialog({ kind: 'detail', eventID: event._id })}
        onAttendance={(attending) => setAttendance(event, attending)}
        onWaitlist={(join) => setWaitlist(event, join)}
        waitlistPending={waitlistPending(event)}
        onRespond={(response) => setResponse(event, response)}
        respondPending={respondPending(event)}
      />
    </Col>
  );
  const seriesCard = (occurrences: EventDto[]) => {
    const first = occurrences[0]!;
    return (
      <Col key={`series-${first.seriesID}`}>
        <SeriesCard
          occurrences={occurrences}
          userID={user.id}
          timeZone={timeZone}
          now={now}
          onOpen={(event) => setDialog({ kind: 'detail', eventID: event._id })}
          attendPending={attendPending(first)}
          onAttendance={(attending) => setAttendance(first, attending)}
          onWaitlist={(join) => setWaitlist(first, join)}
          waitlistPending={waitlistPending(first)}
          onRespond={(response) => setResponse(first, response)}
          respondPending={respondPending(first)}
        />
      </Col>
    );
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h2 className="h4 mb-0 me-auto">Events</h2>
        <span className="small text-body-secondary">
          Times are shown in {timeZone}. <Link to="/profile">Change time zone</Link>
        </span>
      </div>
      {events.isError && (
        <Alert variant="warning">The events could not be reloaded ({events.error.message}); this list may be out of date.</Alert>
      )}
      <NextEventPanel
        event={next}
        timeZone={timeZone}
        onAdd={() => setDialog({ kind: 'form', event: null })}
        onOpen={(event) => setDialog({ kind: 'detail', eventID: event._id })}
        attend={
          next && (
            <AttendButton
              event={next}
              userID={user.id}
              now={now}
              pending={attendPending(next)}
              onChange={(attending) => setAttendance(next, attending)}
              onWaitlist={(join) => setWaitlist(next, join)}
              waitlistPending={waitlistPending(next)}
            />
          )
        }
      />
      <section aria-labelledby="upcoming-events-title">
        <h2 id="upcoming-events-title" className="visually-hidden">
          Upcoming events
        </h2>
        <Row xs={1} md={4} className="g-3">
          {groupUpcoming(upcoming).map((entry) => (entry.kind === 'event' ? card(entry.event) : seriesCard(entry.occurrences)))}
        </Row>
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-events-title" className="mt-4">
          <h2 id="past-events-title" className="h5">
            <Button variant="link" className="p-0 fs-5" aria-expanded={showPast} onClick={() => setShowPast((value) => !value)}>
              {showPast ? 'Hide past events' : `Show past events (${past.length})`}
            </Button>
          </h2>
          {showPast && (
            <Row xs={1} md={4} className="g-3">
              {[...past].reverse().map(card)}
            </Row>
          )}
        </section>
      )}

      {dialog.kind === 'detail' && detail && (
        <EventDetailModal
          event={detail}
          userID={user.id}
          viewerRole={context.viewer}
          timeZone={timeZone}
          now={now}
          attendPending={attendPending(detail)}
          onAttendance={(attending) => setAttendance(detail, attending)}
          onWaitlist={(join) => setWaitlist(detail, join)}
          waitlistPending={waitlistPending(detail)}
          onRespond={(response) => setResponse(detail, response)}
          respondPending={respondPending(detail)}
          onEdit={() => setDialog({ kind: 'form', event: detail })}
          onDelete={() => setDialog({ kind: 'delete', event: detail })}
          onHide={close}
          onDraft={canDraft ? () => setDialog({ kind: 'draft', event: detail }) : undefined}
          draftedGamePath={draftedGamePath(detail)}
        />
      )}
      {dialog.kind === 'draft' && (
        <Suspense fallback={<Loading label="Opening the form…" />}>
          <NewGameModal
            groupID={groupID}
            groupGameName={group.gameName}
            members={group.members}
            viewerID={user.id}
            // The attendees still in the group play; the game is named after the event.
            prefill={{
              gameName: dialog.event.eventName,
              memberIDs: dialog.event.attendingMembers.map((member) => member.userID).filter((id) => memberIDs.has(id)),
            }}
            eventID={dialog.event._id}
            replacesDraft={dialog.event.isDrafted}
            canEditDraftPresets={can('editDraftPresets', context)}
            onHide={() => setDialog({ kind: 'detail', eventID: dialog.event._id })}
          />
        </Suspense>
      )}
      {dialog.kind === 'form' && (
        <Suspense fallback={<Loading label="Opening the form…" />}>
          <EventFormModal
            key={dialog.event?._id ?? 'new'}
            groupID={groupID}
            userID={user.id}
            event={dialog.event}
            timeZone={timeZone}
            onHide={close}
          />
        </Suspense>
      )}
      {dialog.kind === 'delete' && (
        <DeleteEventModal
          groupID={groupID}
          event={dialog.event}
          onHide={() => setDialog({ kind: 'detail', eventID: dialog.event._id })}
          onDeleted={close}
        />
      )}
    </>
  );
}

/** The Events page of every group area, for members only (spec 2 and 6). */
export default function EventsPage() {
  useDocumentTitle('Events', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewEvents">
      <section className="mt-3" aria-label="Events">
        <Events />
      </section>
    </GroupGate>
  );
}
