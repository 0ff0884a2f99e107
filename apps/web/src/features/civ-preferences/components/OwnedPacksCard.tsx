import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { usePendingOwnedPacks, useSaveOwnedPacks } from '../api/save-owned-packs';
import { BASE_GAME, isPackOwned, ownedDlcPacks, withPackToggled } from '../owned-packs';

interface Props {
  groupID: string;
  userID: string;
  catalogue: CivGameCatalogue;
  preferences: CivPreferencesDto;
}

export const SAVED_OWNED_PACKS_MESSAGE = 'Successfully saved DLC choice';
export const NOT_SAID_PACKS = 'I have not said: deal me leaders from every pack';

/**
 * 'DLC you own': a checkbox per pack of the game. Each click saves the whole list; until the member
 * says, every box is ticked and drafts deal from every pack.
 */
export function OwnedPacksCard({ groupID, userID, catalogue, preferences }: Props) {
  const toast = useToast();
  const pending = usePendingOwnedPacks(groupID, userID);
  const save = useSaveOwnedPacks(groupID, userID, {
    onSuccess: () => toast({ title: 'Success!', body: SAVED_OWNED_PACKS_MESSAGE, variant: 'success' }),
    onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
  });
  // Each write carries the whole list, so the latest one still on its way is what the member sees.
  const owned =
    pending.length > 0 ? ownedDlcPacks(pending.at(-1), catalogue.packs) : ownedDlcPacks(preferences.ownedPacks, catalogue.packs);
  const ownedLeaders = catalogue.leaders.filter((leader) => isPackOwned(owned, leader.pack)).length;
  const dlcCount = catalogue.packs.filter((pack) => pack !== BASE_GAME).length;

  return (
    <Card as="section" id="owned-packs-section" aria-labelledby="owned-packs-title">
      <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
        <h3 id="owned-packs-title" className="h5 mb-0 me-auto">
          DLC you own
        </h3>
        <span className="small text-body-secondary" aria-live="polite" data-testid="owned-packs-state">
          {owned === null ? NOT_SAID_PACKS : `${owned.length} of ${dlcCount} packs, ${ownedLeaders} of ${catalogue.leaders.length} leaders`}
        </span>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary" id="owned-packs-help">
          Drafts deal you only leaders from packs you own. Your choice applies to every group of {catalogue.gameName}.
        </p>
        <fieldset aria-describedby="owned-packs-help">
          <legend className="visually-hidden">Packs of {catalogue.gameName} you own</legend>
          <div className="civ-check-columns">
            {catalogue.packs.map((pack, index) => (
              <Form.Check
                key={pack}
                id={`pack-${index}`}
                type="checkbox"
                checked={isPackOwned(owned, pack)}
                disabled={pack === BASE_GAME}
                onChange={(e) => save.mutate(withPackToggled(owned, catalogue.packs, pack, e.target.checked))}
                label={
                  pack === BASE_GAME ? (
                    <>
                      {pack} <span className="text-body-secondary">(always owned)</span>
                    </>
                  ) : (
                    pack
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <Button variant="outline-secondary" size="sm" className="mt-3" disabled={owned === null} onClick={() => save.mutate(null)}>
          Reset to every pack
        </Button>
      </Card.Body>
    </Card>
  );
}
