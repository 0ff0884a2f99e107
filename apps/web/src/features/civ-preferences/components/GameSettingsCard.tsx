import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { SETTING_TYPES, type SettingDefinition, type SettingType, type SettingValue } from '@smm/shared/civilization/catalogue-types';
import { SAVED_SETTING_PREFERENCE_MESSAGE, type CivPreferencesDto } from '@smm/shared/civilization/schemas';
import type { GroupSettingEntry, GroupSettings } from '@smm/shared/groups/settings';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { usePendingSettingPreferences, useSaveSettingPreference, type SettingPreference } from '../api/save-setting-preference';
import { SETTING_TYPE_HEADINGS } from '../setting-types';

interface Props {
  groupID: string;
  userID: string;
  settings: GroupSettings;
  definitions: readonly SettingDefinition[];
  preferences: CivPreferencesDto;
}

const isValue = (value: unknown): value is SettingValue => typeof value === 'string' || typeof value === 'number';

/**
 * 'Game Settings': a select per setting. Settings the group lets members choose are saved as soon
 * as they change; locked ones are disabled and show the value the group locked them to.
 */
export function GameSettingsCard({ groupID, userID, settings, definitions, preferences }: Props) {
  const toast = useToast();
  const pending = usePendingSettingPreferences(groupID, userID);
  const save = useSaveSettingPreference(groupID, userID, {
    onSuccess: () => toast({ title: 'Success!', body: SAVED_SETTING_PREFERENCE_MESSAGE, variant: 'success' }),
    onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
  });

  /** The member's value: the one being saved, else their preference, else the group's. */
  function currentValue(type: SettingType, entry: GroupSettingEntry): SettingValue | undefined {
    if (!entry.isEnabled) return isValue(entry.lockedValue) ? entry.lockedValue : undefined;
    const saving = pending.filter((p) => p.settingType === type && p.title === entry.title).at(-1);
    if (saving) return saving.value;
    const preferred = preferences[type].find((p) => p.title === entry.title)?.value;
    return preferred ?? (isValue(entry.value) ? entry.value : undefined);
  }

  function choose(type: SettingType, definition: SettingDefinition | undefined, title: string, raw: string) {
    const value = definition?.options.find((option) => String(option) === raw) ?? raw;
    save.mutate({ title, value, settingType: type } satisfies SettingPreference);
  }

  const types = SETTING_TYPES.filter((type) => settings[type].length > 0);
  return (
    <Card as="section" id="game-settings-section" aria-labelledby="game-settings-title">
      <Card.Header>
        <h3 id="game-settings-title" className="h5 mb-0">
          Game Settings
        </h3>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          Pick what you would like for the settings your group lets members choose. Settings marked Locked are set by the group.
        </p>
        {types.map((type) => (
          <div key={type} className="civ-setting-type">
            <h4 className="h6 civ-subheading">{SETTING_TYPE_HEADINGS[type]}</h4>
            <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
              {settings[type].map((entry) => {
                const definition = definitions.find((d) => d.settingType === type && d.title === entry.title);
                const value = currentValue(type, entry);
                const options = definition?.options ?? (value === undefined ? [] : [value]);
                const id = `setting-${type}-${entry.title.replace(/[^A-Za-z0-9]+/g, '-')}`;
                const locked = !entry.isEnabled;
                return (
                  <Col key={entry.title}>
                    <Form.Group controlId={id}>
                      <div className="d-flex align-items-center gap-2 mb-1">
                        <Form.Label className="mb-0 me-auto">{entry.title}</Form.Label>
                        {locked && (
                          <Badge bg="secondary" id={`${id}-locked`}>
                            Locked
                          </Badge>
                        )}
                      </div>
                      <Form.Select
                        value={value === undefined ? '' : String(value)}
                        disabled={locked}
                        aria-describedby={locked ? `${id}-locked` : undefined}
                        onChange={(e) => choose(type, definition, entry.title, e.target.value)}
                      >
                        {value === undefined && <option value="">Choose…</option>}
                        {options.map((option) => (
                          <option key={String(option)} value={String(option)}>
                            {option}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  </Col>
                );
              })}
            </Row>
          </div>
        ))}
      </Card.Body>
    </Card>
  );
}
