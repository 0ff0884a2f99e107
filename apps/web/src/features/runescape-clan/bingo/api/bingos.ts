import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  BingoClaim,
  BingoClaimsResponse,
  BingoDetail,
  BingosResponse,
  CreateBingoInput,
  DecideBingoClaimInput,
  DeleteBingoResponse,
  SetBingoTeamsInput,
  UpdateBingoInput,
} from '@smm/shared/runescape/bingo-schemas';
import type { ApiErrorBody } from '@smm/shared/errors';
import { api, ApiError, getAuthHeader } from '../../../../lib/api-client';

/** Every bingo query of a clan starts here; the live topic 'bingo' marks it all stale. */
export const bingosKey = (groupID: string) => ['groups', groupID, 'bingos'] as const;
export const bingoKey = (groupID: string, bingoID: string) => [...bingosKey(groupID), bingoID] as const;
export const bingoClaimsKey = (groupID: string, bingoID: string) => [...bingoKey(groupID, bingoID), 'claims'] as const;

/** GET /api/runescape/getBingos: the clan's bingos, ongoing first. */
export const bingosQueryOptions = (groupID: string) =>
  queryOptions({
    queryKey: bingosKey(groupID),
    queryFn: ({ signal }) => api.get<BingosResponse>('/api/runescape/getBingos', { groupID }, signal),
  });

export const useBingos = (groupID: string) => useQuery(bingosQueryOptions(groupID));

/** GET /api/runescape/getBingo: the board with the caller's team's states, the points table and the viewer's rights. */
export const bingoQueryOptions = (groupID: string, bingoID: string) =>
  queryOptions({
    queryKey: bingoKey(groupID, bingoID),
    queryFn: ({ signal }) => api.get<BingoDetail>('/api/runescape/getBingo', { groupID, bingoID }, signal),
  });

export const useBingo = (groupID: string, bingoID: string) => useQuery(bingoQueryOptions(groupID, bingoID));

/** GET /api/runescape/getBingoClaims: moderators see every team's claims, members their own team's. */
export const useBingoClaims = (groupID: string, bingoID: string) =>
  useQuery({
    queryKey: bingoClaimsKey(groupID, bingoID),
    queryFn: ({ signal }) => api.get<BingoClaimsResponse>('/api/runescape/getBingoClaims', { groupID, bingoID }, signal),
  });

/** After any change the list, every open board and its claims read again. */
function useInvalidateBingos(groupID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bingosKey(groupID) });
}

/** POST /api/runescape/createBingo (Administrators): a new board, or one copied from an earlier bingo. */
export function useCreateBingo(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: (body: Omit<CreateBingoInput, 'groupID'>) => api.post<BingoDetail>('/api/runescape/createBingo', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/updateBingo (Administrators); a stale expectedUpdatedAt answers 409. */
export function useUpdateBingo(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: (body: Omit<UpdateBingoInput, 'groupID'>) => api.post<BingoDetail>('/api/runescape/updateBingo', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/deleteBingo (Administrators): the bingo with its teams, claims and proofs. */
export function useDeleteBingo(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bingoID: string) => api.post<DeleteBingoResponse>('/api/runescape/deleteBingo', { groupID, bingoID }),
    onSuccess: ({ bingoID }) => {
      // The deleted bingo's page must not read it again (it would only find a 404).
      queryClient.removeQueries({ queryKey: bingoKey(groupID, bingoID) });
      return queryClient.invalidateQueries({ queryKey: bingosKey(groupID), exact: true });
    },
  });
}

/** POST /api/runescape/setBingoTeams (Administrators, before the start): teams by hand or an even split. */
export function useSetBingoTeams(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: (body: Omit<SetBingoTeamsInput, 'groupID'>) => api.post<BingoDetail>('/api/runescape/setBingoTeams', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/setBingoModerators (Administrators): the members who may decide claims. */
export function useSetBingoModerators(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: (body: { bingoID: string; userIDs: string[] }) =>
      api.post<BingoDetail>('/api/runescape/setBingoModerators', { ...body, groupID }),
    onSuccess: invalidate,
  });
}

/** POST /api/runescape/decideBingoClaim (moderators and Administrators): accept, decline with a reason, or hold. */
export function useDecideBingoClaim(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: (body: Omit<DecideBingoClaimInput, 'groupID'>) =>
      api.post<BingoClaim>('/api/runescape/decideBingoClaim', { ...body, groupID }),
    onSuccess: invalidate,
    // A 409 means the page is behind (the claim was decided elsewhere, or the final table was posted):
    // it reads the board and the claims again, so the buttons go when the live update was missed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void invalidate();
    },
  });
}

export interface ClaimTileInput {
  bingoID: string;
  tileID: string;
  note: string;
  proof: File;
}

/** A multipart call with the session's bearer header; failures become ApiError like every other call. */
async function postForm<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization = getAuthHeader();
  if (authorization) headers.authorization = authorization;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, { message: 'Cannot reach the server. Check your connection and try again.' });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body =
      data && typeof data === 'object' && 'message' in data ? (data as ApiErrorBody) : { message: `Request failed (${response.status})` };
    throw new ApiError(response.status, body);
  }
  return data as T;
}

/** POST /api/runescape/claimBingoTile (multipart): the caller claims a task tile for their team with a screenshot. */
export function useClaimBingoTile(groupID: string) {
  const invalidate = useInvalidateBingos(groupID);
  return useMutation({
    mutationFn: ({ bingoID, tileID, note, proof }: ClaimTileInput) => {
      const form = new FormData();
      // The server reads the text fields before the file.
      form.append('groupID', groupID);
      form.append('bingoID', bingoID);
      form.append('tileID', tileID);
      form.append('note', note);
      form.append('proof', proof);
      return postForm<BingoClaim>('/api/runescape/claimBingoTile', form);
    },
    onSuccess: invalidate,
  });
}

/** A blob as a data: URL (the page's content security policy lets images come from data:, not blob:). */
export const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });

/**
 * A claim's screenshot as a data: URL: the proof call needs the bearer header, which an <img src>
 * cannot send, so the bytes are fetched with it and shown from memory.
 */
export function useProofImage(proofUrl: string | null) {
  const [state, setState] = useState<{ url: string | null; error: boolean }>({ url: null, error: false });
  useEffect(() => {
    if (!proofUrl) return;
    const controller = new AbortController();
    const headers: Record<string, string> = {};
    const authorization = getAuthHeader();
    if (authorization) headers.authorization = authorization;
    fetch(proofUrl, { headers, signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.blob();
      })
      .then(readAsDataUrl)
      .then((url) => {
        if (!controller.signal.aborted) setState({ url, error: false });
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError' && !controller.signal.aborted) setState({ url: null, error: true });
      });
    return () => controller.abort();
  }, [proofUrl]);
  return state;
}
