import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DraftDto, draftGameBody } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';

/** What the form sends: the schema's input, before the server fills in its defaults. */
export type DraftGameInput = z.input<typeof draftGameBody>;

/**
 * The server deals a draft from the players' stored bans, preferences and packs and the group's
 * settings, stores it and answers with it as the caller may see it. Refusals are 4xx with the
 * players named by username ("Bob owns 9 leaders; 12 are needed").
 */
export const draftGame = (body: DraftGameInput) => api.post<DraftDto>('/api/civilization/draftGame', body);

/** Draft and Redraft. Nothing cached changes: a draft becomes part of a list only once a game is created from it. */
export const useDraftGame = () => useMutation({ mutationFn: draftGame });
