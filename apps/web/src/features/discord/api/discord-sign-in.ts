import type { DiscordStartDto, DiscordStatusDto } from '@smm/shared/discord/app-schemas';
import { api } from '../../../lib/api-client';

// The two calls the login, register and invite pages make: no query cache, no schemas, so the
// Sign in with Discord button adds next to nothing to those pages' first load.

/** Whether this installation has a Discord application (read without the query cache: the login page has none). */
export const getDiscordStatus = (signal?: AbortSignal) => api.get<DiscordStatusDto>('/api/discord/status', undefined, signal);

/** Starts signing in with Discord; the browser then goes to the returned consent page. */
export const startDiscordSignIn = (returnTo?: string) => api.post<DiscordStartDto>('/api/auth/discord/login', returnTo ? { returnTo } : {});
