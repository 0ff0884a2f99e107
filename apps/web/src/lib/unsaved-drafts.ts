import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Unsaved text kept in this tab's sessionStorage so a reload does not lose it. Keys name the user,
 * so two people taking turns on one browser never see each other's drafts.
 */
export function unsavedDraftKey(kind: string, userID: string, ...ids: readonly string[]): string {
  return ['smm.unsaved', kind, userID, ...ids].map(encodeURIComponent).join(':');
}

interface Stored<T> {
  value: T;
  savedAt: number;
}

export function readUnsavedDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored<T>>;
    return stored && 'value' in stored ? (stored.value as T) : null;
  } catch {
    return null;
  }
}

export function writeUnsavedDraft<T>(key: string, value: T): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ value, savedAt: Date.now() } satisfies Stored<T>));
  } catch {
    // Storage full or refused: the draft is only kept in memory, as before.
  }
}

export function clearUnsavedDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored to clear.
  }
}

/** While `dirty`, leaving or reloading the page asks first (the browser words the question). */
export function useBeforeUnloadPrompt(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

const DIALOG_MARK = 'openDialog';

/**
 * Browser Back while a dialog is open: the dialog gets its own history entry (same address), so Back
 * lands here instead of leaving the page. With nothing unsaved Back simply closes it; with unsaved
 * input `confirming` turns true and the dialog stays open until `discard` (close) or `keep` (stay,
 * the entry is restored) is chosen. `close` is for the dialog's own Cancel or Save: it leaves the
 * entry too, so one Back later leaves the page as before.
 */
export function useBackClosesDialog(name: string, dirty: boolean, onClose: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const pushed = useRef(false);
  // True while the dialog's entry is the current one.
  const seen = useRef(false);
  const onCloseRef = useRef(onClose);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    onCloseRef.current = onClose;
    dirtyRef.current = dirty;
  });
  const marked = (location.state as Record<string, unknown> | null)?.[DIALOG_MARK] === name;

  // Opening: add the dialog's entry once.
  useEffect(() => {
    if (pushed.current || marked) return;
    pushed.current = true;
    const state = (location.state as Record<string, unknown> | null) ?? {};
    navigate(location.pathname + location.search + location.hash, { state: { ...state, [DIALOG_MARK]: name } });
    // Only on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back: the entry is gone.
  useEffect(() => {
    if (marked) {
      seen.current = true;
      return;
    }
    if (!seen.current) return;
    seen.current = false;
    if (dirtyRef.current) setConfirming(true);
    else onCloseRef.current();
  }, [marked]);

  const keep = useCallback(() => {
    setConfirming(false);
    navigate(1);
  }, [navigate]);

  const discard = useCallback(() => {
    setConfirming(false);
    onCloseRef.current();
  }, []);

  const close = useCallback(() => {
    // The dialog's own entry is current: step back over it as the dialog closes.
    if (marked) {
      seen.current = false;
      navigate(-1);
    }
    onCloseRef.current();
  }, [marked, navigate]);

  /** For a close that moves elsewhere (e.g. to the new game's page): the entry stays behind harmlessly. */
  const leave = useCallback(() => {
    seen.current = false;
    onCloseRef.current();
  }, []);

  return { confirming, keep, discard, close, leave };
}
