import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAppState } from '../features/auth/app-state';

/** Whose answers each cache holds; it outlives this component, which unmounts on the pages without data. */
const cacheOwners = new WeakMap<QueryClient, string | undefined>();

/**
 * Drops every cached answer when the signed-in user changes, so nobody sees the previous user's
 * data. It runs while rendering, before the pages below it read the cache.
 */
export function QueryCacheReset() {
  const queryClient = useQueryClient();
  const userId = useAppState().auth.user.id;
  if (cacheOwners.has(queryClient) && cacheOwners.get(queryClient) !== userId) queryClient.clear();
  cacheOwners.set(queryClient, userId);
  return null;
}
