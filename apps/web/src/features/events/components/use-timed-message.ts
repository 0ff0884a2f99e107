import { useCallback, useEffect, useRef, useState } from 'react';
import { ALERT_TIMEOUT_MS } from '@smm/shared/constants';

/** A message that hides itself after the spec's 5 s alert time. */
export function useTimedMessage(timeoutMs = ALERT_TIMEOUT_MS): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: string | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
