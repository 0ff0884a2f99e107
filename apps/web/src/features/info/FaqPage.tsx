import Accordion from 'react-bootstrap/Accordion';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isAvailable, plannedTitles } from './catalogue';
import '../../styles/bootstrap-accordion.scss';

const questions = [
  {
    q: 'What is SMM?',
    a: 'A web app for organising groups of video-game players: members, roles and invites, events people sign up for, weekly availability, Civilization games with server-dealt leader drafts (random, blind picks, captains, majority bans) and bans, rankings, notes, RuneScape stats and Steam profiles.',
  },
  {
    q: 'Which games are supported?',
    a: 'Civilization 4, 5 and 6, Dota 2, RuneScape and Old School RuneScape. The Support page lists them.',
  },
  {
    q: 'How does a Civilization draft work?',
    a: "Each member bans up to the group's limit of leaders, picks the maps they like and ticks the DLC packs they own on the Preferences page. When you add a game (or draft it from an event), the server deals: every player gets their own random leaders from packs they own, never a banned one, never one of a civilization or leader persona someone else got (unless the group allows duplicates); the map is drawn from the members' map choices that suit the number of players, and the group's locked settings apply. Copy for Discord puts the result on your clipboard.",
  },
  {
    q: 'What are blind picks, captains and majority bans?',
    a: 'Draft modes you choose on the New Game form (Administrators can save them as presets). Blind pick: each player picks one leader of their hand, and nobody sees which until everyone has picked or time is up. Captains: one captain per team bans in turns, then picks for the team in snake or CWC order. Majority bans: everyone proposes bans, and a leader is banned when more than half of the players ban it. Each step has a timer; when it runs out the server picks at random. Any player can call a redraft vote: it passes when more than half vote yes within 90 seconds, as long as no game has been made from the draft. A draft in progress, or dealt and waiting for its game, is listed on the group’s Games page under Drafts in progress, so every player can open it there. Nobody can deal over another member’s draft for the same players: play it out, or call a redraft vote on it.',
  },
  {
    q: 'How do we find a time everyone can play?',
    a: "Everyone ticks the mornings, afternoons and evenings they are free under User Settings. The Members page shows the whole group's week, darker where more members are free, marks the best times and lets you plan an event in one click.",
  },
  {
    q: 'How are rankings worked out?',
    a: "When a game gets a winner and a victory type it moves to the archive with every player's placement: the winner first, then the last player eliminated, and so on (players eliminated together share a place unless the host orders them). Rankings - FFA and Rankings - Teams count games played and wins by victory type, and give each member a skill rating (Weng-Lin, as used by Civilization community bots) computed from the whole finishing order. Each finished game shows what it did to everyone's rating, and any correction recounts the rankings from the full history. With seasons, the rankings show the current season unless you choose another or All time.",
  },
  {
    q: "Who can change a game's result?",
    a: "The game's host (the one chosen when the game was added, or named later by one of these; an elimination passes the lobby to another player but not this right; the game's Details say who it is, and its Edit dialog names another active player), the player who created it and the group's Administrators; on a finished game, Correct the result changes the winner, victory type, eliminations or placements in one step (or reopens it) and the game keeps its finish time. Any other player of the game can propose a correction with a reason; the other players can confirm or contest it, and the host, the creator or an Administrator accepts or rejects it. A proposal made before the result last changed can only be rejected, since accepting it would undo the newer change. Members who did not play only read. Every change is listed on the game's History tab.",
  },
  {
    q: 'Can a deleted game come back?',
    a: 'Yes. Deleting a game takes it out of the lists and the rankings but keeps it, with its comments and notes; an Administrator can restore it from the Games page for 30 days.',
  },
  {
    q: 'Can I change or take back a comment?',
    a: "Yes. Edit or Delete sit beside each of your comments on the game page; an edited comment says so, and a deleted one can be brought back with Undo right after. Administrators can delete anyone's comment. Each member can post or edit 10 comments a minute.",
  },
  {
    q: 'How do I invite friends to my group?',
    a: isAvailable('one-step-invites')
      ? 'Administrators find the invite link in Group Settings. Copy it and share it; whoever opens it joins as soon as they log in, register or sign in with Discord from it.'
      : 'Administrators find the invite link in Group Settings. Copy it and share it; whoever opens it can accept the invite after logging in or registering.',
  },
  {
    q: 'What is the difference between a private and a public group?',
    a: 'Groups are private by default: only members see them, and joining needs the invite link. Public groups appear in search and anyone signed in can see their welcome page.',
  },
  {
    q: 'Can I use SMM from Discord?',
    a: "When the server has its Discord application set up: sign in with Discord (or link Discord on your profile), and press Attend, Maybe or Not coming on the event posts the bot makes in your group's channel: your answer is recorded as if you gave it on the event's page. Administrators connect the channel in Group Settings, which also says how to turn the bot on when it is off. Reminders can also come by Discord DM before the event (a switch on your profile); turn a group's event mails off in its User Settings to get them by DM only. In the channel, /next, /availability, /rankings and /draft answer you there. Without the application, groups can still post events to a channel's webhook.",
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Forgot Password?" on the login page. We email you a link that lets you choose a new password within one hour.',
  },
  {
    q: 'What is coming next?',
    a: `Planned: ${plannedTitles()}. The Upcoming page lists every feature with its state.`,
  },
  { q: 'How do I report a bug or suggest a feature?', a: 'Use the Contact Us page: choose Error/Bug or Suggestion as the message type.' },
];

export default function FaqPage() {
  useDocumentTitle('FAQ');
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
