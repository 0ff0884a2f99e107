import Table from 'react-bootstrap/Table';
import { SUPPORTED_GAMES } from '@smm/shared/games/catalogue';
import { useDocumentTitle } from '../../lib/use-document-title';

const areaFeatures: Record<string, string> = {
  civGroup:
    'Welcome cards, members and roles, invites, events, weekly availability, preferences and leader bans, games with leader drafts (random, blind picks, captains, majority bans, redraft votes, DLC per member, presets), rankings with skill ratings, comments and notes',
  runeScapeClan: 'Welcome cards, members and ranks, invites, events, player stats',
  dotaGroup: 'Welcome cards, members and roles, invites, events',
};

/** The games a group can be created for, from the same catalogue the server validates against. */
export default function SupportPage() {
  useDocumentTitle('Supported Games');
  return (
    <>
      <h1 className="page-title">Supported Games</h1>
      <Table striped bordered responsive>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Group features</th>
          </tr>
        </thead>
        <tbody>
          {SUPPORTED_GAMES.map((game) => (
            <tr key={game.gameName}>
              <td>
                <img src={game.icon} alt="" width={24} height={24} className="me-2" />
                {game.gameName}
              </td>
              <td>{areaFeatures[game.linkURL]}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-body-secondary">Groups for Civilization 1 to 3 are recognised too and open the Civilization group pages.</p>
    </>
  );
}
