import { formatEventTime, zoneAbbreviation } from '../../events/event-time';

/** The "Runs" entry of a contest's details: its start and end on the viewer's clock, with the zone named. */
export function ContestRuns({ startsAt, endsAt, timeZone }: { startsAt: string; endsAt: string; timeZone: string }) {
  const abbreviation = zoneAbbreviation(endsAt, timeZone);
  // "(UTC)", not "(UTC, UTC)": the abbreviation only when it says something the name does not.
  const zone = abbreviation === timeZone ? timeZone : `${timeZone}, ${abbreviation}`;
  return (
    <>
      <dt className="col-sm-3 col-lg-2">Runs</dt>
      <dd className="col-sm-9 col-lg-10">
        <time dateTime={startsAt}>{formatEventTime(startsAt, timeZone)}</time> to{' '}
        <time dateTime={endsAt}>{formatEventTime(endsAt, timeZone)}</time> ({zone})
      </dd>
    </>
  );
}
