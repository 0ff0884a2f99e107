import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Stack from 'react-bootstrap/Stack';
import { can } from '@smm/shared/groups/policy';
import { Loading } from '../../../lib/ui/Loading';
import { GameSettingsPanel } from '../../civ-settings/components/GameSettingsPanel';
import { DiscordPanel } from '../../discord/components/DiscordPanel';
import { useFullGroup } from '../api/get-full-group';
import { GroupGate } from '../components/area/GroupGate';
import { useGroupArea } from '../components/area/group-area';
import { CardsPanel } from '../components/cards/CardsPanel';
import { MembersPanel } from '../components/members/MembersPanel';
import { SettingsPanel } from '../components/settings/SettingsPanel';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Civilization groups stack Members, Game Settings, Settings and Cards (reordered in place); clans and Dota 2
 * groups show Settings, Members and Cards as three panels side by side on wide screens. Discord sits
 * under Settings, as one of the group's settings (its heading a level below the panels').
 */
function GroupSettings() {
  const { area, groupID, viewer, context, user } = useGroupArea();
  const full = useFullGroup(groupID);
  let content;
  if (full.isPending) content = <Loading label="Loading group settings…" />;
  else if (full.isError) content = <Alert variant="danger">{full.error.message}</Alert>;
  else if (area === 'civGroup')
    content = (
      <Stack gap={3}>
        <MembersPanel group={full.data} viewer={viewer} variant="civ" />
        <GameSettingsPanel group={full.data} showDraftPresets={can('editDraftPresets', context)} />
        <SettingsPanel group={full.data} context={context} userID={user.id} />
        <DiscordPanel groupID={groupID} />
        <CardsPanel groupID={groupID} orderMode="inline" />
      </Stack>
    );
  else
    content = (
      <Stack gap={3}>
        <Row xs={1} lg={3} className="g-3">
          <Col>
            <Stack gap={3}>
              <SettingsPanel group={full.data} context={context} userID={user.id} />
              <DiscordPanel groupID={groupID} />
            </Stack>
          </Col>
          <Col>
            <MembersPanel group={full.data} viewer={viewer} variant="clan" />
          </Col>
          <Col>
            <CardsPanel groupID={groupID} orderMode="dialog" />
          </Col>
        </Row>
      </Stack>
    );
  return (
    <section aria-labelledby="group-settings-title" className="mt-3">
      <h2 id="group-settings-title" className="h4 mb-3">
        Group Settings
      </h2>
      {content}
    </section>
  );
}

/** Group Settings, for Administrators. */
export default function GroupSettingsPage() {
  useDocumentTitle('Group Settings', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewGroupSettings">
      <GroupSettings />
    </GroupGate>
  );
}
