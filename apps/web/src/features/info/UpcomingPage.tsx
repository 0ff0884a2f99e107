import Table from 'react-bootstrap/Table';

const items = [
  { item: 'Civilization games with random leader drafts, bans and map preferences', state: 'Planned' },
  { item: 'Rankings for free-for-all and team games by victory type', state: 'Planned' },
  { item: 'Weekly member availability grid', state: 'Planned' },
  { item: 'Group and member game settings for Civilization lobbies', state: 'Planned' },
  { item: 'Game comments and personal game notes', state: 'Planned' },
  { item: 'Drafting a Civilization game from an event', state: 'Planned' },
];

export default function UpcomingPage() {
  return (
    <>
      <h1 className="page-title">Upcoming</h1>
      <Table striped bordered responsive>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {items.map(({ item, state }) => (
            <tr key={item}>
              <td>{item}</td>
              <td>{state}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
