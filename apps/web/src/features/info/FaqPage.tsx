import Accordion from 'react-bootstrap/Accordion';

const questions = [
  { q: 'What is SMM?', a: 'A web app for organising groups of video-game players: members, roles and invites, events people sign up for, weekly availability, Civilization games with random leader drafts and bans, rankings, notes, RuneScape stats and Steam profiles.' },
  { q: 'Which games are supported?', a: 'Civilization 4, 5 and 6, Dota 2, RuneScape and Old School RuneScape. The Support page lists them.' },
  { q: 'How do I invite friends to my group?', a: 'Administrators find the invite link in Group Settings. Copy it and share it; whoever opens it can accept the invite after logging in or registering.' },
  { q: 'What is the difference between a private and a public group?', a: 'Groups are private by default: only members see them, and joining needs the invite link. Public groups appear in search and anyone signed in can see their welcome page.' },
  { q: 'I forgot my password. What now?', a: 'Use "Forgot Password?" on the login page. We email you a link that lets you choose a new password within one hour.' },
  { q: 'How do I report a bug or suggest a feature?', a: 'Use the Contact Us page: choose Error/Bug or Suggestion as the message type.' },
];

export default function FaqPage() {
  return (
    <>
      <h1 className="page-title">FAQ</h1>
      <Accordion alwaysOpen>
        {questions.map(({ q, a }, i) => (
          <Accordion.Item eventKey={String(i)} key={q}>
            <Accordion.Header as="h2">{q}</Accordion.Header>
            <Accordion.Body>{a}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
