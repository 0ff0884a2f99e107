import { lockWithGroup } from '../groups/locked-with-group';
import type { EventRow } from './events.repo';

/**
 * Every write to an event reads it under its row lock, with its group and the user's membership in
 * it (undefined when they are not a member); undefined when there is no such event.
 */
export const lockEventWithMembership = lockWithGroup<EventRow>('events');
