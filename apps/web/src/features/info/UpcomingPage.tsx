import Table from 'react-bootstrap/Table';

const items = [
  { item: 'Groups: dashboard, search, invites, roles and welcome cards', state: 'In progress' },
  { item: 'Events with sign-ups, email reminders and calendar feeds', state: 'In progress' },
  { item: 'Old School RuneScape player stats', state: 'In progress' },
  { item: 'Steam account linking, profile and games', state: 'In progress' },
  { item: 'Civilization games with leader drafts, bans and map preferences', state: 'Planned' },
  { item: 'Rankings for free-for-all and team games', state: 'Planned' },
  { item: 'Weekly member availability', state: 'Planned' },
  { item: 'Game comments and personal notes', state: 'Planned' },
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
