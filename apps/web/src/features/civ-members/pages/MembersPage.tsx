import { lazy, Suspense, useState } from 'react';
import { nextSlotOccurrence, type Slot } from '@smm/shared/civilization/availability';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { browserTimeZone, useSavedTimeZone } from '../../events/api/time-zone';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, useGroupArea } from '../../groups/components/area/group-area';
import { slotLabel } from '../availability-grid';
import { GroupAvailabilityCard } from '../components/GroupAvailabilityCard';
import { MemberAgendasCard } from '../components/MemberAgendasCard';
import { can } from '@smm/shared/groups/policy';
import { AttendanceRatesCard } from '../../events/components/AttendanceRatesCard';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The form brings the date picker; it loads when first opened, not with the grid.
const EventFormModal = lazy(() => import('../../events/components/EventFormModal').then((module) => ({ default: module.EventFormModal })));

interface Plan {
  startDate: number;
  endDate: number;
  eventName: string;
}

function Members() {
  const { area, groupID, group, user, context } = useGroupArea();
  // Administrators see each member's attendance rate; nobody else's page asks for it.
  const showsAttendance = can('viewAttendanceRates', context);
  const savedZone = useSavedTimeZone(user.id);
  const toast = useToast();
  const [plan, setPlan] = useState<Plan | null>(null);
  // Everything here is on the viewer's clock: their profile's zone, else the browser's. The page
  // waits for the profile so the grid is never laid out in one zone and then redrawn in another.
  const viewerZone = savedZone.data?.timeZone ?? browserTimeZone();

  function planSlot(slot: Slot) {
    setPlan({ ...nextSlotOccurrence(slot, viewerZone, Date.now()), eventName: `${slotLabel(slot)} game` });
  }

  return (
    <section className="mt-3" aria-labelledby="members-title">
      <h2 id="members-title" className="h4 mb-3">
        Members
      </h2>
      {savedZone.isPending ? (
        <Loading label="Loading availability…" />
      ) : (
        <GroupAvailabilityCard
          groupID={groupID}
          memberCount={group.members.length}
          timeZone={viewerZone}
          userSettingsPath={groupPagePath(area, 'userSettings', groupID)}
          onPlanSlot={planSlot}
          onPlanTime={setPlan}
        />
      )}
      <MemberAgendasCard groupID={groupID} members={group.members} groupOwner={group.groupOwner} />
      {showsAttendance && <AttendanceRatesCard groupID={groupID} members={group.members} />}
      {plan && (
        <Suspense fallback={<Loading label="Opening the form…" />}>
          <EventFormModal
            key={`${plan.eventName} ${plan.startDate}`}
            groupID={groupID}
            userID={user.id}
            event={null}
            initial={plan}
            timeZone={viewerZone}
            onSaved={(event) =>
              toast({ title: 'Success!', body: `Planned ${event.eventName}; it is on the Events page`, variant: 'success' })
            }
            onHide={() => setPlan(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

/** /civGroup/members, for members: the group's availability heat map with Plan an event, and the members table. */
export default function MembersPage() {
  useDocumentTitle('Members', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewMembers">
      <Members />
    </GroupGate>
  );
}
