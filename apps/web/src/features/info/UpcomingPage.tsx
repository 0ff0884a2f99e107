import Table from 'react-bootstrap/Table';
import { useDocumentTitle } from '../../lib/use-document-title';

const items = [
  { item: 'Weekly member availability grid with the best times and "Plan an event"', state: 'Available' },
  { item: 'Group and member game settings for Civilization lobbies, map choices and leader bans', state: 'Available' },
  { item: 'Civilization games with random leader drafts, bans and map preferences', state: 'Available' },
  { item: 'Drafting a Civilization game from an event', state: 'Available' },
  { item: 'Rankings for free-for-all and team games by victory type, with skill ratings', state: 'Available' },
  { item: 'Game comments and personal game notes', state: 'Available' },
  { item: "RuneScape clans: members' accounts, clan hiscores and progress over time", state: 'Available' },
  { item: 'Live pages, waitlists, repeating events and Discord announcements', state: 'Available' },
  {
    item: 'A ladder you can trust: results changed only by the host, the game creator or Administrators, corrections proposed by players, finishing placements, rating changes per game, an audit trail, restorable deletes',
    state: 'Available',
  },
  { item: 'Statistics per member and per leader, head-to-head records, rating history charts and seasons', state: 'Available' },
  {
    item: 'Server-dealt drafts with blind picks, captains, majority bans, redraft votes, balanced teams, DLC per member and group presets',
    state: 'Available',
  },
  {
    item: 'Discord application: Sign in with Discord, the bot posting events in a group channel with Attend, Maybe and Not coming buttons, reminders by DM',
    state: 'Available',
  },
  { item: 'Discord slash commands: /next, /availability, /rankings and /draft', state: 'Available' },
  { item: "Discord announcements of games drafted by the server in the group's channel", state: 'Available' },
  { item: "Discord announcements of game results in the group's channel", state: 'Available' },
  {
    item: 'Editing and deleting your own comments (with Undo), Administrators removing any, clickable links, comments in pages and live',
    state: 'Available',
  },
  { item: 'RuneScape clan competitions and bingo', state: 'Planned' },
  {
    item: "Availability answered and shown in each member's own time zone, RSVP states (Maybe, Late, Can sub, Not coming), attendance and reminders to answer",
    state: 'Planned',
  },
];

export default function UpcomingPage() {
  useDocumentTitle('Upcoming');
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
