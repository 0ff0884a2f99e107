import { ApiError } from '../../../lib/api-client';

/**
 * Steam failures reach us already decided by the server (it waited out Steam's timeout, or has no
 * API key), so only a lost connection to our own server is worth one more try.
 */
export const retryOnlyOffline = (failures: number, error: unknown) => failures < 1 && error instanceof ApiError && error.status === 0;
