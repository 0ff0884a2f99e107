import type { MembersTableColumn } from '../../../lib/ui/MembersTable';
import { useAttendanceRates } from '../api/event-attendance';

/** "75% (3 of 4)": how often a member came, of the events they were marked for. */
export const rateText = (rate: { attended: number; marked: number }): string =>
  `${Math.round((rate.attended / rate.marked) * 100)}% (${rate.attended} of ${rate.marked})`;

/**
 * The Attendance column of a members table, for Administrators only (`enabled`): each member's
 * attendance rate over the group's events. Null when not enabled, so others never ask for it.
 */
export function useAttendanceRateColumn<Row extends { userID: string; username: string; role: string }>(
  groupID: string,
  enabled: boolean,
): MembersTableColumn<Row> | null {
  const rates = useAttendanceRates(groupID, enabled);
  if (!enabled) return null;
  const rateOf = new Map(rates.data?.map((rate) => [rate.userID, rate]));
  return {
    heading: 'Attendance',
    className: 'members-attendance text-nowrap',
    cell: (member) => {
      if (rates.isPending) return <span className="text-body-secondary">Loading…</span>;
      if (rates.isError) return <span className="text-danger">Could not load</span>;
      const rate = rateOf.get(member.userID);
      return rate && rate.marked > 0 ? rateText(rate) : <span className="text-body-secondary">Not marked yet</span>;
    },
  };
}
