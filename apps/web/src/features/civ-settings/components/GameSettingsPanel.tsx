import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { findCivCatalogue, NO_DEFAULT_SETTINGS_MESSAGE } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { DraftPresetsCard } from '../../civ-draft/components/DraftPresetsCard';
import { SETTING_TYPE_HEADINGS } from '../setting-types';
import { EditGameSettingsModal } from './EditGameSettingsModal';
import { SeasonsCard } from './SeasonsCard';

/**
 * The Game Settings panel of a Civilization group's settings: the time zone, the leader ban limit,
 * whether drafts may deal duplicate civilizations and, per setting, whether members choose it or the group has locked it, with the Edit dialog;
 * then the group's Seasons as a card of its own, and for those who may edit them the group's draft presets.
 */
export function GameSettingsPanel({ group, showDraftPresets = false }: { group: FullGroupDto; showDraftPresets?: boolean }) {
  const [editing, setEditing] = useState(false);
  const definitions = findCivCatalogue(group.gameName)?.settings ?? [];
  const types = SETTING_TYPES.filter((type) => group.settings[type].length > 0);

  return (
    <>
      <Card>
        <Card.Header className="d-flex align-items-center gap-2">
          <h3 className="h5 mb-0 me-auto">Game Settings</h3>
          <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)} aria-label="Edit Game Settings">
            Edit
          </Button>
        </Card.Header>
        <Card.Body>
          <div className="d-flex flex-wrap gap-3 column-gap-5 mb-3">
            <div>
              Time zone: <span className="fw-semibold">{group.timeZone}</span>
            </div>
            <div>
              Max leader bans: <span className="fw-semibold">{group.settings.maxNumberOfLeaderBans}</span>
            </div>
            <div>
              Duplicate civilizations: <span className="fw-semibold">{group.settings.allowDuplicateCivs ? 'Allowed' : 'Not allowed'}</span>
            </div>
          </div>
          {definitions.length === 0 ? (
            <Alert variant="warning" className="mb-0">
              {NO_DEFAULT_SETTINGS_MESSAGE}
            </Alert>
          ) : (
            <div className="civ-settings-summary">
              {types.map((type) => (
                <div key={type}>
                  <h4 className="h6 civ-subheading">{SETTING_TYPE_HEADINGS[type]}</h4>
                  <dl className="civ-settings-list">
                    {group.settings[type].map((entry) => (
                      <div key={entry.title} className="civ-settings-list-row">
                        <dt>{entry.title}</dt>
                        <dd>
                          {entry.isEnabled ? (
                            <span className="text-body-secondary">Members choose</span>
                          ) : (
                            <Badge bg="secondary">Locked: {String(entry.lockedValue)}</Badge>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          )}
        </Card.Body>
        {editing && <EditGameSettingsModal group={group} definitions={definitions} onHide={() => setEditing(false)} />}
      </Card>
      <SeasonsCard groupID={group._id} />
      {showDraftPresets && <DraftPresetsCard groupID={group._id} />}
    </>
  );
}
