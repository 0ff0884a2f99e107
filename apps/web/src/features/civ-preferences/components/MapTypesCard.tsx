import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { CivMap } from '@smm/shared/civilization/catalogue-types';
import { SAVED_MAP_MESSAGE, type CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { usePendingMapChoices, useSaveMapChoice } from '../api/save-map-choice';
import { withToggles } from '../leader-bans';

interface Props {
  groupID: string;
  userID: string;
  maps: readonly CivMap[];
  preferences: CivPreferencesDto;
}

/** 'Map Types': a checkbox per map of the game, with the fewest players it needs; saved on every click. */
export function MapTypesCard({ groupID, userID, maps, preferences }: Props) {
  const toast = useToast();
  const pending = usePendingMapChoices(groupID, userID);
  const save = useSaveMapChoice(groupID, userID, {
    onSuccess: () => toast({ title: 'Success!', body: SAVED_MAP_MESSAGE, variant: 'success' }),
    onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
  });
  const chosen = withToggles(
    preferences.maps.map((map) => map.name),
    pending.map((p) => ({ id: p.map, operation: p.operation })),
  );

  return (
    <Card as="section" id="map-types-section" aria-labelledby="map-types-title">
      <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
        <h3 id="map-types-title" className="h5 mb-0 me-auto">
          Map Types
        </h3>
        <span className="small text-body-secondary">{chosen.length === 1 ? '1 map chosen' : `${chosen.length} maps chosen`}</span>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">The maps you would like to play.</p>
        <div className="civ-check-columns">
          {maps.map((map, index) => (
            <Form.Check
              key={map.name}
              id={`map-${index}`}
              type="checkbox"
              checked={chosen.includes(map.name)}
              onChange={(e) => save.mutate({ map: map.name, operation: e.target.checked ? 'add' : 'remove' })}
              label={
                <>
                  {map.name} <span className="civ-map-min text-body-secondary">({map.minPlayers}+ players)</span>
                </>
              }
            />
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}
