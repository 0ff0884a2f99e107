import { countdownText } from '../draft-view';
import { useNow } from '../use-now';

interface Props {
  /** The instant it counts down to (ISO). */
  deadline: string;
  /** Shown once the time is up, until the server's answer moves the draft on. */
  expiredText: string;
  className?: string;
}

/**
 * Minutes and seconds to a deadline, ticking every second. It is a timer (not announced on each tick):
 * the page's status line says when the step itself changes.
 */
export function Countdown({ deadline, expiredText, className }: Props) {
  const now = useNow(true);
  const left = Date.parse(deadline) - now;
  if (left <= 0) return <span className={className}>{expiredText}</span>;
  return (
    <span role="timer" className={`font-monospace ${className ?? ''}`}>
      {countdownText(left)}
    </span>
  );
}
