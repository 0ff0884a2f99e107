import Card from 'react-bootstrap/Card';

const releases = [
  {
    version: '1.0.0',
    date: 'November 2026',
    notes: [
      'Accounts: register, log in, reset a forgotten password by email and change your password from your profile.',
      'Groups for Civilization 4, 5 and 6, Dota 2, RuneScape and Old School RuneScape: dashboard, search for public groups, private groups, invite links, Administrator and Member roles.',
      'Welcome cards that Administrators write and reorder by dragging.',
      'Events with sign-ups and seat limits, times in your own time zone, update mails, reminders an hour before, and calendar files and feeds for your phone.',
      'Old School RuneScape stats from the official hiscores, for every game mode.',
      'Link your Steam account to show your Steam profile and games.',
      'Contact form and Discord link for feedback, bug reports, support and suggestions.',
    ],
  },
];

export default function ReleaseNotesPage() {
  return (
    <>
      <h1 className="page-title">Release Notes</h1>
      {releases.map((release) => (
        <Card key={release.version} className="mb-3">
          <Card.Body>
            <h2 className="h5">
              Version {release.version} <small className="text-body-secondary">· {release.date}</small>
            </h2>
            <ul className="mb-0">
              {release.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
