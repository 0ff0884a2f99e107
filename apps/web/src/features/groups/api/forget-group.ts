import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * After leaving or deleting a group: go to /dashboard, then drop the group from the cache. The
 * order matters: dropping it while its pages are still shown would refetch it and get a 404.
 */
export function useForgetGroup() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (groupID: string, userID: string) => {
      navigate('/dashboard');
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: ['groups', groupID] });
        void queryClient.invalidateQueries({ queryKey: ['users', userID, 'groups'] });
      }, 0);
    },
    [navigate, queryClient],
  );
}
