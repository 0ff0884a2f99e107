import Table from 'react-bootstrap/Table';
import { SETTING_TYPES, type SettingType } from '@smm/shared/civilization/catalogue-types';
import type { GameDto } from '@smm/shared/civilization/games-schemas';

/** The sub-headings a game's settings are grouped under, in SETTING_TYPES order. */
export const SETTING_TYPE_HEADINGS: Record<SettingType, string> = {
  gameSettings: 'Game Settings',
  gameModes: 'Game Modes',
  victoryTypes: 'Victory Types',
  tradingAndDiplomacy: 'Trading and Diplomacy',
};

/** The lobby settings the game was drafted with, grouped as title → value tables. */
export function GameSettingsTab({ game }: { game: GameDto }) {
  const types = SETTING_TYPES.filter((type) => game.settings[type].length > 0);
  if (types.length === 0) return <p className="text-body-secondary">This game has no recorded settings.</p>;
  return (
    <div className="civ-game-settings">
      {types.map((type) => (
        <section key={type} aria-labelledby={`game-settings-${type}`}>
          <h3 id={`game-settings-${type}`} className="h6 civ-subheading">
            {SETTING_TYPE_HEADINGS[type]}
          </h3>
          <Table size="sm" className="mb-0" aria-labelledby={`game-settings-${type}`}>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Setting</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {game.settings[type].map((setting) => (
                <tr key={setting.title}>
                  <th scope="row" className="fw-normal">
                    {setting.title}
                  </th>
                  <td className="text-end fw-semibold">{String(setting.value)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      ))}
    </div>
  );
}
