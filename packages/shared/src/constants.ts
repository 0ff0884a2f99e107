/** Business constants from the specification (section 9). */
export const PRODUCT_NAME = 'SMM';
export const TOKEN_STORAGE_KEY = 'jwtToken';

export const ALERT_TIMEOUT_MS = 5000;
export const OWNER_LEAVE_ALERT_TIMEOUT_MS = 10_000;
export const TOAST_DELAY_MS = 3000;

export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const MESSAGE_TYPES = ['Feedback', 'Error/Bug', 'Support', 'Suggestion'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const ROLES = ['Administrator', 'Member'] as const;
export type Role = (typeof ROLES)[number];

export const DISCORD_URL = 'https://discord.gg/smm';
