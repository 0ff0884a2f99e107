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
import { useDocumentTitle } from '../../../lib/use-document-title';

// The form brings the date picker; it loads when first opened, not with the grid.
const EventFormModal = lazy(() => import('../../events/components/EventFormModal').then((module) => ({ default: module.EventFormModal })));

interface Plan {
  slot: Slot;
  startDate: number;
  endDate: number;
}

function Members() {
  const { area, groupID, group, user } = useGroupArea();
  const savedZone = useSavedTimeZone(user.id);
  const toast = useToast();
  const [plan, setPlan] = useState<Plan | null>(null);
  // The dialog shows times in the viewer's own zone; it opens once that zone is known, since the
  // picker's dates are read in the zone the dialog was opened with.
  const viewerZone = savedZone.data?.timeZone ?? browserTimeZone();

  function planEvent(slot: Slot, groupTimeZone: string) {
    setPlan({ slot, ...nextSlotOccurrence(slot, groupTimeZone, Date.now()) });
  }

  return (
    <section className="mt-3" aria-labelledby="members-title">
      <h2 id="members-title" className="h4 mb-3">
        Members
      </h2>
      <GroupAvailabilityCard
        groupID={groupID}
        memberCount={group.members.length}
        userSettingsPath={groupPagePath(area, 'userSettings', groupID)}
        onPlan={planEvent}
      />
      <MemberAgendasCard groupID={groupID} members={group.members} groupOwner={group.groupOwner} />
      {plan &&
        (savedZone.isPending ? (
          <Loading label="Opening the form…" />
        ) : (
          <Suspense fallback={<Loading label="Opening the form…" />}>
            <EventFormModal
              key={`${plan.slot.day} ${plan.slot.time} ${plan.startDate}`}
              groupID={groupID}
              userID={user.id}
              event={null}
              initial={{ startDate: plan.startDate, endDate: plan.endDate, eventName: `${slotLabel(plan.slot)} game` }}
              timeZone={viewerZone}
              onSaved={(event) =>
                toast({ title: 'Success!', body: `Planned ${event.eventName}; it is on the Events page`, variant: 'success' })
              }
              onHide={() => setPlan(null)}
            />
          </Suspense>
        ))}
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
