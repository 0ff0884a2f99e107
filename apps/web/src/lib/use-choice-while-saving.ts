import { useState } from 'react';

/**
 * A setting saved as soon as it changes (a checkbox, a switch). The new choice shows in the very
 * render of the click — a controlled input would otherwise snap back until the save's own state
 * arrives a tick later — and stays shown, with the input held, until the save settles; then the
 * saved value shows again (the new one, or the old one after a failure).
 */
export function useChoiceWhileSaving<T>(saved: T) {
  const [choice, setChoice] = useState<{ value: T } | null>(null);
  return {
    shown: choice ? choice.value : saved,
    saving: choice !== null,
    choose: (value: T) => setChoice({ value }),
    settle: () => setChoice(null),
  };
}
