import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { SETTING_TYPES, type SettingType } from '@smm/shared/civilization/catalogue-types';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { useToast } from '../../../lib/ui/toasts';
import { HIDDEN_HAND_TEXT } from '../new-game';

const SETTING_TYPE_HEADINGS: Record<SettingType, string> = {
  gameSettings: 'Game Settings',
  gameModes: 'Game Modes',
  victoryTypes: 'Victory Types',
  tradingAndDiplomacy: 'Trading and Diplomacy',
};

interface Props {
  draft: DraftDto;
}

/**
 * The server's draft: the map, each player's team and civ choices (withheld hands marked hidden),
 * the banned leaders and the settings, with Copy for Discord.
 */
export function DraftResultView({ draft }: Props) {
  const toast = useToast();
  const section = useRef<HTMLElement>(null);
  // A new draft lands below the options: bring it into view (a phone shows only a screen of the form).
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [draft]);

  async function copy() {
    try {
      // The server's summary already hides what this reader may not see in anonymous mode.
      // Missing outside secure contexts, and refused without the page's permission: both are an Error.
      await navigator.clipboard.writeText(draft.discordText);
      toast({ title: 'Copied!', body: 'The draft is on your clipboard, ready to paste into Discord.', variant: 'success' });
    } catch {
      toast({ title: 'Error', body: 'The draft could not be copied to the clipboard.', variant: 'danger' });
    }
  }

  const settingTypes = SETTING_TYPES.filter((type) => draft.settings[type].length > 0);
  return (
    <section ref={section} className="civ-draft-result border rounded p-3" aria-labelledby="draft-result-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id="draft-result-title" className="h5 mb-0 me-auto">
          Draft
        </h3>
        <Button variant="outline-primary" size="sm" onClick={() => void copy()}>
          Copy for Discord
        </Button>
      </div>
      {draft.anonymousMode && (
        <p className="small text-body-secondary mb-2">
          Anonymous Mode: each player sees their own and their teammates’ choices on the game page.
        </p>
      )}
      <p className="mb-2">
        <span className="fw-semibold">Map:</span> <span data-testid="draft-map">{draft.map?.name ?? 'None'}</span>
      </p>
      <Table size="sm" className="civ-draft-players align-middle mb-3">
        <caption className="visually-hidden">Players and their civ choices</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {draft.gameType === 'team' && <th scope="col">Team</th>}
            <th scope="col">Civ choices</th>
          </tr>
        </thead>
        <tbody>
          {draft.players.map((player) => (
            <tr key={player.userID}>
              <th scope="row" className="fw-normal">
                {player.username}
              </th>
              {draft.gameType === 'team' && <td className="text-nowrap">{player.team === null ? '—' : `Team ${player.team}`}</td>}
              <td>
                {player.civChoicesHidden ? (
                  <span className="text-body-secondary">{HIDDEN_HAND_TEXT}</span>
                ) : (
                  <ul className="civ-draft-choices list-unstyled mb-0">
                    {player.civChoices.map((choice) => (
                      <li key={choice.civID}>{civChoiceLabel(choice)}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h4 className="h6">Banned leaders</h4>
      <p className={draft.bannedLeaders.length === 0 ? 'text-body-secondary mb-2' : 'mb-2'}>
        {draft.bannedLeaders.length === 0 ? 'None' : draft.bannedLeaders.map(civChoiceLabel).join(', ')}
      </p>
      {settingTypes.length > 0 && (
        <details className="civ-draft-settings-details">
          <summary className="fw-semibold">Settings</summary>
          <div className="civ-draft-settings mt-2">
            {settingTypes.map((type) => (
              <div key={type}>
                <h4 className="h6">{SETTING_TYPE_HEADINGS[type]}</h4>
                <dl className="civ-draft-settings-list">
                  {draft.settings[type].map((setting) => (
                    <div key={setting.title} className="civ-draft-settings-row">
                      <dt>{setting.title}</dt>
                      <dd>{setting.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}
