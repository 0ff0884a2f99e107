import Alert from 'react-bootstrap/Alert';
import Stack from 'react-bootstrap/Stack';
import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { Loading } from '../../../lib/ui/Loading';
import { useFullGroup } from '../../groups/api/get-full-group';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { useGroupArea } from '../../groups/components/area/group-area';
import { useCivPreferences } from '../api/get-civ-preferences';
import { GameSettingsCard } from '../components/GameSettingsCard';
import { LeaderAgendaCard } from '../components/LeaderAgendaCard';
import { LeaderBansCard } from '../components/LeaderBansCard';
import { MapTypesCard } from '../components/MapTypesCard';
import { OwnedPacksCard } from '../components/OwnedPacksCard';
import { PreferenceNotices } from '../components/PreferenceNotices';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Jump links: the page is long, a phone's especially. */
const SECTIONS = [
  ['leader-agenda-section', 'Leader Agenda'],
  ['game-settings-section', 'Game Settings'],
  ['map-types-section', 'Map Types'],
  ['owned-packs-section', 'DLC you own'],
  ['leader-bans-section', 'Leader Bans'],
] as const;

function Preferences() {
  const { group, groupID, user } = useGroupArea();
  const catalogue = findCivCatalogue(group.gameName);
  // The group's settings (what is locked, the ban limit) and the member's own choices.
  const full = useFullGroup(groupID);
  const preferences = useCivPreferences(groupID, user.id, catalogue !== undefined);

  let content;
  if (!catalogue) content = <Alert variant="danger">{FAILURE_TO_RETRIEVE_CIVS_MESSAGE}</Alert>;
  else if (full.isPending || preferences.isPending) content = <Loading label="Loading preferences…" />;
  else if (full.isError || preferences.isError)
    content = <Alert variant="danger">{(full.error ?? preferences.error)?.message ?? 'Could not load your preferences'}</Alert>;
  else
    content = (
      <>
        <PreferenceNotices groupID={groupID} userID={user.id} incoming={preferences.data.notices} />
        <nav aria-label="Preferences sections" className="civ-section-links">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
        <Stack gap={3}>
          <LeaderAgendaCard groupID={groupID} userID={user.id} saved={preferences.data.userLeaderAgenda} />
          <GameSettingsCard
            groupID={groupID}
            userID={user.id}
            settings={full.data.settings}
            definitions={catalogue.settings}
            preferences={preferences.data}
          />
          <MapTypesCard groupID={groupID} userID={user.id} maps={catalogue.maps} preferences={preferences.data} />
          <OwnedPacksCard groupID={groupID} userID={user.id} catalogue={catalogue} preferences={preferences.data} />
          <LeaderBansCard
            groupID={groupID}
            userID={user.id}
            catalogue={catalogue}
            maxBans={full.data.settings.maxNumberOfLeaderBans}
            preferences={preferences.data}
          />
        </Stack>
      </>
    );

  return (
    <section aria-labelledby="preferences-title" className="mt-3">
      <h2 id="preferences-title" className="h4 mb-3">
        Preferences
      </h2>
      {content}
    </section>
  );
}

/** Preferences of a Civilization group, for members: leader agenda, game settings, maps, owned DLC and leader bans. */
export default function PreferencesPage() {
  useDocumentTitle('Preferences', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewPreferences">
      <Preferences />
    </GroupGate>
  );
}
