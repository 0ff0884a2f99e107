import { zoneAbbreviation } from '../../events/event-time';
import { formatInstant } from './contest-view';

/** The "Runs" entry of a contest's details: its start and end on the viewer's clock, with the zone named. */
export function ContestRuns({ startsAt, endsAt, timeZone }: { startsAt: string; endsAt: string; timeZone: string }) {
  return (
    <>
      <dt className="col-sm-3 col-lg-2">Runs</dt>
      <dd className="col-sm-9 col-lg-10">
        <time dateTime={startsAt}>{formatInstant(startsAt, timeZone)}</time> to{' '}
        <time dateTime={endsAt}>{formatInstant(endsAt, timeZone)}</time> ({timeZone}, {zoneAbbreviation(endsAt, timeZone)})
      </dd>
    </>
  );
}
