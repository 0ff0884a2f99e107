import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAppState } from '../features/auth/app-state';

/** Drops every cached answer when the signed-in user changes, so nobody sees the previous user's data. */
export function QueryCacheReset() {
  const queryClient = useQueryClient();
  const userId = useAppState().auth.user.id;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}
