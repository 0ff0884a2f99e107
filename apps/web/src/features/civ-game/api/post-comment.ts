import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentDto, PostCommentBody } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { commentsQueryKey } from './get-comments';

export const postComment = (body: PostCommentBody) => api.post<CommentDto>('/api/comments/postComment', body);

/** A member comments on a game; the list reloads after it. */
export function usePostComment(groupID: string, gameID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(groupID, gameID) }),
  });
}
