import Card from 'react-bootstrap/Card';

const releases = [
  {
    version: '1.0.0',
    date: 'November 2026',
    notes: [
      'Accounts: register, log in, reset a forgotten password by email and change your password from your profile.',
      'Contact form and Discord link for feedback, bug reports, support and suggestions.',
      'Works on PostgreSQL for larger communities, or on its own embedded database with no setup.',
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
