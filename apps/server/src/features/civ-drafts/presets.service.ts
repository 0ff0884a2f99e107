import {
  CAPTAINS_NOT_ANONYMOUS_MESSAGE,
  DRAFT_PRESET_NOT_FOUND_MESSAGE,
  DRAFT_PRESETS_MAX,
  draftPresetConfig,
  type DraftPresetBody,
  type DraftPresetDto,
} from '@smm/shared/civilization/draft-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { assertCan, loadAccess } from '../groups/group-access';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { toIso } from '../../lib/iso-time';
import * as presets from './presets.repo';

export const PRESET_LIMIT_MESSAGE = 'Too many preset changes in a short time; please wait a few minutes';
const presetLimit: Limit = { max: 60, windowMs: 10 * 60_000 };

const toPresetDto = (row: presets.PresetRow): DraftPresetDto => ({
  presetID: row.id,
  groupID: row.group_id,
  name: row.name,
  config: draftPresetConfig.parse(JSON.parse(row.config)),
  dateUpdated: toIso(Number(row.updated_at)),
});

/** A group's draft presets: a name with a draft mode and its options. Members read them; Administrators save and delete. */
export function createDraftPresetsService({ db, clock, throttle }: { db: Db; clock: Clock; throttle: Throttle }) {
  return {
    async getDraftPresets(actor: UserDto, groupID: string): Promise<DraftPresetDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewGames');
      return (await presets.listByGroup(db, groupID)).map(toPresetDto);
    },

    /** Saves a preset; saving a name the group already has replaces that preset. */
    async postDraftPreset(actor: UserDto, body: DraftPresetBody): Promise<DraftPresetDto> {
      const access = await loadAccess(db, body.groupID, actor);
      assertCan(access, 'editDraftPresets');
      if (body.config.mode === 'captains' && body.config.anonymousMode) throw invalid({ config: CAPTAINS_NOT_ANONYMOUS_MESSAGE });
      await throttle.consume(`civ-draft-preset:${actor.id}`, presetLimit, PRESET_LIMIT_MESSAGE);
      const existing = await presets.listByGroup(db, body.groupID);
      if (!existing.some((p) => p.name === body.name) && existing.length >= DRAFT_PRESETS_MAX) {
        throw invalid({ name: `A group keeps at most ${DRAFT_PRESETS_MAX} presets; delete one first` });
      }
      const row = await presets.upsert(db, {
        id: newId(),
        group_id: body.groupID,
        name: body.name,
        config: JSON.stringify(body.config),
        updated_by: actor.id,
        updated_at: clock.now(),
      });
      return toPresetDto(row);
    },

    async deleteDraftPreset(actor: UserDto, presetID: string): Promise<{ presetID: string }> {
      const row = await presets.findById(db, presetID);
      if (!row) throw notFound(DRAFT_PRESET_NOT_FOUND_MESSAGE);
      const access = await loadAccess(db, row.group_id, actor);
      if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(DRAFT_PRESET_NOT_FOUND_MESSAGE);
      assertCan(access, 'editDraftPresets');
      await presets.remove(db, presetID);
      return { presetID };
    },
  };
}
export type DraftPresetsService = ReturnType<typeof createDraftPresetsService>;
