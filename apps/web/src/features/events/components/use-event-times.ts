import { useState } from 'react';
import { endPicked, initialEventTimes, startPicked } from '../event-length';

/** The dialog's Start Time and End Time: the end keeps the event's length unless the user picks it. */
export function useEventTimes(initialStart: Date | null, initialEnd: Date | null) {
  const [times, setTimes] = useState(() => initialEventTimes(initialStart, initialEnd));
  return {
    start: times.start,
    end: times.end,
    pickStart: (value: Date | null) => setTimes((current) => startPicked(current, value)),
    pickEnd: (value: Date | null) => setTimes((current) => endPicked(current, value)),
  };
}
