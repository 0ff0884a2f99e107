import { v7 } from 'uuid';

/** New entity id: UUIDv7, time-ordered. */
export const newId = (): string => v7();
