import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentDto, CommentRefBody, UpdateCommentBody } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { commentsQueryKey } from './get-comments';

export const updateComment = (body: UpdateCommentBody) => api.post<CommentDto>('/api/comments/updateComment', body);
export const deleteComment = (body: CommentRefBody) => api.post<{ message: string }>('/api/comments/deleteComment', body);
export const restoreComment = (body: CommentRefBody) => api.post<CommentDto>('/api/comments/restoreComment', body);

function useCommentMutation<Body, Result>(groupID: string, gameID: string, mutationFn: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(groupID, gameID) }),
  });
}

/** The author changes their comment. */
export const useUpdateComment = (groupID: string, gameID: string) => useCommentMutation(groupID, gameID, updateComment);
/** The author or an Administrator deletes a comment (kept, so it can be restored). */
export const useDeleteComment = (groupID: string, gameID: string) => useCommentMutation(groupID, gameID, deleteComment);
/** Undoes a deletion. */
export const useRestoreComment = (groupID: string, gameID: string) => useCommentMutation(groupID, gameID, restoreComment);
