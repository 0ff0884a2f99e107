import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQueryClient } from '@tanstack/react-query';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { civPreferencesKey } from '../api/get-civ-preferences';

interface Props {
  groupID: string;
  userID: string;
  /** The notices of the latest answer of getCivPreferences. */
  incoming: readonly string[] | undefined;
}

/**
 * What the group did to the member's preferences since their last visit (bans dropped when the
 * limit was lowered), each as a warning they can dismiss. The server forgets a notice once it has
 * returned it, so the page keeps them for this visit and takes them out of the cached answer:
 * a refetch cannot take them away, and coming back to the page cannot show them twice.
 */
export function PreferenceNotices({ groupID, userID, incoming }: Props) {
  const queryClient = useQueryClient();
  const [notices, setNotices] = useState<string[]>([]);

  useEffect(() => {
    if (!incoming?.length) return;
    setNotices((shown) => [...shown, ...incoming.filter((notice, index) => !shown.includes(notice) && incoming.indexOf(notice) === index)]);
    queryClient.setQueryData<CivPreferencesDto>(civPreferencesKey(groupID, userID), (cached) => cached && { ...cached, notices: [] });
  }, [incoming, queryClient, groupID, userID]);

  if (notices.length === 0) return null;
  return (
    <div className="mb-3" data-testid="preference-notices">
      {notices.map((notice) => (
        <Alert
          key={notice}
          variant="warning"
          dismissible
          closeLabel="Dismiss notice"
          onClose={() => setNotices((shown) => shown.filter((n) => n !== notice))}
        >
          {notice}
        </Alert>
      ))}
    </div>
  );
}
