import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { CivGameCatalogue, SettingDefinition, SettingValue } from '@smm/shared/civilization/catalogue-types';
import type { UserDto } from '@smm/shared/users/schemas';
import { badRequest, forbidden, invalid, notFound } from '../../errors';
import type { GroupRow } from '../groups/groups.repo';

/** The group of a call that may name it in the query string, the body or both (they must agree). */
export function groupIdFrom(query: { groupID?: string }, body: { groupID?: string } | undefined): string {
  const fromQuery = query.groupID;
  const fromBody = body?.groupID;
  if (fromQuery && fromBody && fromQuery !== fromBody) throw badRequest('groupID in the body does not match the query string');
  const groupID = fromQuery ?? fromBody;
  if (!groupID) throw invalid({ groupID: 'groupID is required' });
  return groupID;
}

/** A userID sent with a write about oneself must be the caller. */
export function assertSelf(actor: UserDto, userID: string | undefined, what: string): void {
  if (userID !== undefined && userID !== actor.id) throw forbidden(`You can only change your own ${what}`);
}

/** The leader, map and setting catalogue of the group's game; groups of games without one get the spec's message. */
export function catalogueOf(group: GroupRow): CivGameCatalogue {
  const catalogue = findCivCatalogue(group.game_name);
  if (!catalogue) throw notFound(FAILURE_TO_RETRIEVE_CIVS_MESSAGE);
  return catalogue;
}

/** The option a sent value names (2 and '2' both name the option 2), or a 400 naming the field. */
export function matchOption(definition: SettingDefinition, value: SettingValue, field: string): SettingValue {
  const option = definition.options.find((o) => o === value || String(o) === String(value));
  if (option === undefined) {
    throw invalid({ [field]: `${definition.title} must be one of: ${definition.options.join(', ')}` });
  }
  return option;
}
