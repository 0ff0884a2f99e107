import Table from 'react-bootstrap/Table';

const games = ['Civilization 4', 'Civilization 5', 'Civilization 6', 'Dota 2', 'RuneScape', 'Old School RuneScape'];

export default function SupportPage() {
  return (
    <>
      <h1 className="page-title">Supported Games</h1>
      <Table striped bordered responsive>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Supported</th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game}>
              <td>{game}</td>
              <td>Yes</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
