import Table from 'react-bootstrap/Table';
import { SUPPORTED_GAMES } from '@smm/shared/games/catalogue';
import { useDocumentTitle } from '../../lib/use-document-title';
import { supportedFeaturesOf, type GroupArea } from './catalogue';
import '../../styles/page-styles';

/** A group area's features as one line, from the catalogue: 'Members and roles, invites, events'. */
function areaFeatures(area: string): string {
  const labels = supportedFeaturesOf(area as GroupArea).join(', ');
  return labels.charAt(0).toUpperCase() + labels.slice(1);
}

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
              <td>{areaFeatures(game.linkURL)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-body-secondary">Groups for Civilization 1 to 3 are recognised too and open the Civilization group pages.</p>
    </>
  );
}
