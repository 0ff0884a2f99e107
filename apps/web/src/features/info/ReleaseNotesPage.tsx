import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { featuresOfRelease, plannedTitles } from './catalogue';

const releases = [
  {
    version: '1.7.14',
    date: 'December 2026',
    notes: [
      "Lighter on PostgreSQL: when many members ask at once, the one check of who each of them is reads what has changed and each group's settings once for them all, not once per member. On a busy day the server now takes about a third as much from the database per request, and your password hash is no longer read on every request.",
    ],
  },
  {
    version: '1.7.13',
    date: 'December 2026',
    notes: [
      'Faster sign-ups and availability ticks on PostgreSQL: each takes one trip to the database fewer, and a tick checks who you are and your place in the group in one step.',
    ],
  },
  {
    version: '1.7.12',
    date: 'December 2026',
    notes: [
      "Faster on a busy day on PostgreSQL too: after a sign-up or an availability tick, the members who open the group's events or its week next share one read of them, each still seeing their own details, on any number of servers.",
    ],
  },
  {
    version: '1.7.11',
    date: 'December 2026',
    notes: [
      "Faster on a busy day (SQLite): after a sign-up or an availability tick, the members who open the group's events or its week next share one read of them, each still seeing their own details, instead of each reading the whole list again.",
      'The FAQ and the README say that a correction proposed before the result last changed can only be rejected.',
    ],
  },
  {
    version: '1.7.10',
    date: 'December 2026',
    notes: [
      'Civilization: a pending correction proposed before the result last changed says so ("The result changed after this was proposed"), and is offered for Reject only: accepting it would undo the newer change. Players are no longer asked to confirm or contest it; propose it again if it still applies.',
      'Drafts: two members dealing for the same players at the same moment no longer both get a draft: one deal stands and the other is refused, naming who dealt it.',
      "Civilization: a member page opened from a link to someone not in the group says so under the heading, without the FFA/Teams switch.",
      'Faster: an event list on PostgreSQL reads its events and everyone signed up in one step, and every page loads about half a kilobyte less script.',
    ],
  },
  {
    version: '1.7.9',
    date: 'December 2026',
    notes: [
      "Drafts: nobody throws away another member's draft. A new deal for exactly the players of a draft someone else dealt, still open and without its game, is refused with who dealt it: play it out and add its game, or call a redraft vote on it. A dealer may deal again over their own draft, seen by every player as before, but not while its players are in the middle of it (a pick, a ban or a proposal made, or a redraft vote open). A draft that was replaced says so and links to the newer one, and takes no more picks.",
      'Drafts: a drafted game goes to the event it was dealt for, or to none; it can no longer be added to another event and take the place of that event\'s game.',
      'Drafts: the Games page also lists drafts that are dealt and waiting for their game, marked "Dealt: waiting for its game", with the end of a redraft vote open on one. The host chosen in the New Game form is kept with a draft, so whoever adds the game from the draft page makes that member the host.',
      'Drafts: a captains draft is played in the open, so Anonymous Mode is off for it (the New Game form says why, and a preset cannot combine them); the form no longer shows Civs per Player and Free Bans for captains, who do not use them. On a phone, a refused draft brings its message into view. Many re-deals by one dealer read as their first and last time.',
      "Civilization: the host, the creator who plays and Administrators can correct a finished game's result in one step with Correct the result: the winner, the victory type, who was eliminated and the placements, or no winner to reopen it. The change is recorded in the History tab, and the game keeps its finish time, and with it its season and its place in everyone's rating history.",
      'Civilization: a change or proposal that would eliminate every player is refused: someone remains, to win and to host. The Statistics tab and the member page show ratings rounded once, as the rankings do (before, 0.746 could read 0.7 on one and 0.8 on the other).',
    ],
  },
  {
    version: '1.7.8',
    date: 'December 2026',
    notes: [
      'Civilization: the Games page lists the drafts in progress (blind picks, captains drafts, majority bans) with their players, who started each and when the current step ends, so everyone dealt into a draft can open it from there; a finished draft leaves the list. The game name typed when starting a draft is kept with it, so whoever adds the game from the page of the draft finds it filled in.',
      'Civilization: in Propose a correction, choosing a winner marks the other players eliminated (the winner is the one who remains), and going back to No change puts the statuses back.',
      'Rankings: the whole table fits a laptop screen, Total included; on a tablet, as on a phone, the wins by victory type show under each member’s name.',
      "On a phone the group's page links sit closer together, so each page starts higher up.",
      "Discord: Group Settings names the connected channel and its Discord server, for example “#events in Raid Club”, with the channel's ID beside it in smaller type, also while the channel is paused. For a channel connected earlier the bot reads the names within minutes; one it no longer sees shows its ID alone.",
      'Discord: a channel Discord cannot answer about for a while is checked again after the others, so it no longer holds back the check of channels connected after it.',
      'Events: several sign-up changes of one member at once (say, answering a whole week) no longer wait for each other on PostgreSQL. A member past the hourly sign-up limit who asks for something refused anyway, like the waitlist of an event with seats free, is told why instead of being asked to wait.',
    ],
  },
  {
    version: '1.7.7',
    date: 'December 2026',
    notes: [
      "Competitions: a change of the event whose attendees take part is shown in the history with the events' names as they were at the edit, for example “from Raid night to Boss night”.",
      "Bingo: a claim's status and its decision history are always read together, so a decision made while the claims queue loads shows in both or, until the next refresh, in neither. A declined claim reads \"Reason: …\" under who declined it, and the claimant's note stays under who claimed it.",
      "Competitions: the page names the event whose attendees take part, and the history writes kinds and ways of taking part in lower case mid-sentence.",
      "Discord: a channel connected to a group before connecting asked for Manage Server is now checked by the bot against the linked Discord account of whoever connected it. If they cannot manage that Discord server, or no longer have Discord linked, the bot stops posting new things there (its earlier posts are still kept up to date), and Group Settings says why until an Administrator who can manage the server connects the channel again.",
      'The login page loads a little less script (under 90 KB compressed).',
    ],
  },
  {
    version: '1.7.6',
    date: 'December 2026',
    notes: [
      'Bingo: a claim keeps its decision history. A claim put on hold and later accepted or declined shows who held it and when, above who decided it, to everyone who can see the claim.',
      "Competitions keep a history of their edits: who renamed a competition or moved its start or end, from what to what, and when, shown on the competition's page (in your time zone) to everyone who can see it.",
      'When something is refused for going too fast (too many sign-up changes, drafts, claims or lookups in a short time), the message now says when you can try again, for example "You can try again in 40 seconds."',
      'The API documentation of the sign-up calls states the sign-up limit the server actually runs with, not always the default.',
      "The server writes one log line per request (method, address, status and time taken) instead of two, which takes about a quarter off the server's work for a simple request at the default log level; turning event notifications on or off, ticking availability and editing a card also cost the server less.",
    ],
  },
  {
    version: '1.7.5',
    date: 'December 2026',
    notes: [
      "Events: each member changes their sign-ups at most 240 times an hour (attending, leaving, answering Maybe, Late, Can sub or Not coming, joining or leaving a waitlist, on the site and through Discord's buttons together), so a script toggling a seat cannot flood a group's pages, its Discord post or anyone's mail. Past it the change is refused with the time to wait; a change refused for another reason, such as a full event, does not count.",
      'Every account makes at most 300 changes a minute through the site (creating, editing, answering, ticking availability and the rest; reads are not counted), wherever it signs in from: a person clicking never comes near it, and a script cannot flood a group from many addresses. Past it the change is refused with the time to wait.',
    ],
  },
  {
    version: '1.7.4',
    date: 'December 2026',
    notes: [
      'The ladder: in anonymous mode, the leader played by a player whose choices you may not see can no longer be set or cleared by you, and the refusal is the same whatever leader is sent, so trying leaders one by one no longer tells which are in a hidden hand.',
      'Drafts: dealing again for the same players is seen by everyone. The draft page tells every player which deal it is, who dealt the earlier ones and when (in your time zone), the Discord copy says "(deal N)", and a game made from a re-deal says so in its history.',
      'Events: a member who leaves or is kicked keeps their sign-ups and places in line of events that have already ended, so their attendance can still be marked when they come back. A member edits events at most 60 times an hour (each edit mails the group).',
      'Bingo: a decided claim says who accepted or declined it and when, in your time zone. A moderator who leaves the clan or is kicked stops moderating its bingos; an Administrator appoints them again after a rejoin.',
      'Competitions: once a competition has started, nobody can join with a RuneScape account another participant is already measured on, so a renamed account cannot count twice.',
      "Discord: while the Discord application is off, or Discord refuses the bot's token, removals of the bot's posts and updates of its event posts wait without slowing the server, and are sent once the bot is back; the server checks a refused token again every ten minutes. A removal in a channel the bot can no longer reach is given up with that reason instead of counted as done. Only the owner of a Discord server, or someone with Manage Server or Administrator there, can connect its channels to a group. A reminder DM held up by Discord is not sent to someone who left, unlinked Discord or turned DM reminders off meanwhile, and /availability in a big group stays within Discord's message size.",
    ],
  },
  {
    version: '1.7.3',
    date: 'December 2026',
    notes: [
      "The ladder: two people correcting a game's result at once no longer overwrite each other. Saving a winner, a finishing order, an elimination, who records the results or an accepted correction from a view of an older result is refused with the newer one a click away (Reload), and nothing is saved; the game's history shows only what was saved. A correction proposed before the result last changed can no longer be accepted over the newer one: it is marked superseded.",
      "Bingo: after the end, the claims queue says by when the claims sent before it can still be decided, in your time zone. Once the final table is posted, claims left waiting show as not decided and count for nothing, open tiles read Not done, and a moderator's page that missed the close catches up at the first refused decision. The board's tiles are tinted by their state (done, waiting, open) as intended.",
      'Events: an organiser who has sent their 5 reminders of the day sees so on the answers panel, with the time they can remind again, instead of a Remind button that would be refused.',
      "Discord: when Discord asks the bot to slow down, it waits as long as Discord says and tries again without counting it as a failure, so deleting a group with many posts removes them all. While the Discord application is switched off, removals of the bot's posts and updates of its event posts wait and are sent once it is back.",
      'The dashboard loads a third less style sheet (14.3 KB instead of 20.6 KB compressed), and the landing and login pages a little less; the other signed-in pages load their styles with them.',
    ],
  },
  {
    version: '1.7.2',
    date: 'December 2026',
    notes: [
      "The ladder: a game's page says who records its results beside who hosts the lobby, and its Edit dialog hands that right to another active player, the one now holding the lobby after an elimination included.",
      "Bingo: everyone's XP and kill counts are taken again when a bingo ends, so gains up to the last minute count and looking a member up later changes nothing. Claims sent before the end can still be decided until the final table is posted, which waits for them for at most 48 hours; after that the bingo is closed and its claims can no longer be decided. A claim accepted after the end counts as done when it was sent.",
      "Events: reminding the members who have not answered one week of a weekly series counts for the whole series that day, so nobody gets a reminder per week; each organiser sends at most 5 reminders a day, and a series week's reminder says it is about that week.",
      "Discord: deleting a group, or a weekly series, takes the bot's posts of its events (with their sign-up buttons) out of the channel; announcements of games, results, competitions and bingo stay. Each button press or command is acted on once, so a copy sent again changes nothing.",
    ],
  },
  {
    version: '1.7.1',
    date: 'December 2026',
    notes: [
      "The ladder: the right to record a game's result stays with the host its creator or an Administrator chose. When the host is eliminated the lobby still passes to the next player, but that player no longer gains the right to change results, reopen, delete or unmask an anonymous game. A member who adds a game they do not play in only reads it. A redraft replaces an earlier game only when made by its host, its creator or an Administrator, and never once a leader was said to be played or a change proposed. Administrators see a deleted game's history and comments before restoring it.",
      'Drafts: only the latest deal counts. Dealing again for the same players, or a member dealing again for any of their players, replaces the earlier draft, which can no longer make a game. Making a game from an anonymous draft never says whether a guess at a hidden hand was right. A player who left the group since the deal cannot be in its game. A captains draft short of leaders because the pool is says so and what to change.',
      "Events: a member waiting for a seat after answering Late is still Late once seated, and the waitlist shows it. A weekly series made without a time zone keeps the group's wall-clock time across daylight saving, and the series card says when its time shifts on your clock. Someone who answered Not coming can be marked as came but not as a no-show. A refused request no longer counts against the hourly event limit. Time zones use their current names (Asia/Kolkata, Europe/Kyiv). A member who leaves or is kicked frees their seat in the event's Discord post at once.",
      'Bingo: nobody decides the claims of their own team, moderators and Administrators on a team included. Every team has at least one member. A screenshot with too many pixels says so.',
      'Discord: a sign-in with Discord finishes only in the browser that started it, and the placeholder addresses of accounts made by Discord cannot be registered by anyone else.',
    ],
  },
  {
    version: '1.7.0',
    date: 'November 2026',
    notes: [
      "RuneScape clan competitions: Administrators set a start, an end and one or several metrics (overall, skills, and in Old School bosses and activities), classic or in teams (by hand or split evenly by level or XP), for everyone, for members who join, or for the attendees of an event. The server snapshots every participant at the start and at the end, refreshes them meanwhile, and shows live standings, team totals and a chart of the top 10; a finished competition keeps its final table. The clan's Discord hears of the start, the last day, the last hour and the podium.",
      'RuneScape clan bingo: boards of 3×3 to 10×10 tiles (tasks, XP goals and kill counts, with bonuses for rows, columns, diagonals and the whole board), teams set by hand or split evenly, claims with a screenshot that moderators accept, decline or hold, XP and kill-count tiles that complete themselves from the hiscores, and a live board and points table for every team. Other teams see your completed tiles, never your waiting claims.',
      "RuneScape 3 clans see RuneScape 3's own skills, from Summoning to Necromancy, with its combat level, on Clan Stats, the player page and its charts; Old School clans name theirs as Old School does (Hitpoints, Runecraft).",
      'Faster group pages on PostgreSQL: checking who you are, the group and your place in it takes one database query instead of two, an event list reads everyone who answered in one query instead of four, and sign-ups no longer rewrite the event to lock it. A busy group day costs the server about a quarter less work per page.',
      'Faster sign-ups and availability: Attend, Unattend and ticking a time slot take half the database queries they did (the event, its group and your membership in one, everyone who answered read once, only what changed written), so a group answering at once waits less, on SQLite and PostgreSQL alike. The login page loads about 8 KB less script, and every public page a little less style sheet.',
      "Faster availability: a group's free times, each member's slots on their own clock, are worked out about ten times faster, so the heat map and the grid answer sooner right after someone ticks a slot.",
      "Faster pages on a busy day, when they have to be read afresh: a group's games lists count their games from the index alone instead of reading every game, reading rows from SQLite costs about half what it did for wide rows, and the event list, the availability grid and the games pages no longer build their query each time. About a tenth less server work per fresh page on SQLite, a little less on PostgreSQL. And the compressed answers browsers ask for cost the server half the work they did, and a page asked for again is sent from a copy compressed once: pages answer about twice as many members at once.",
      'Faster Civ games lists and rankings right after a game is edited: an edit reads the game and its players once, and the lists, the rankings and every answer are written without building their query or walking the answer twice. On a day of edits the Active and Finished Games pages and the rankings answer about twice as many members at once.',
      "Faster dashboards and group pages right after a change: your groups, a group's members and its cards, and an event list's sign-ups are read without building their query each time, about a quarter less server work for the dashboard's groups and up to a quarter less for a group page.",
      'Faster on PostgreSQL: each database connection prepares a query the first time it is asked again and from then on only runs it, instead of parsing and planning it every time. A busy group day on PostgreSQL answers about one and a half times as many pages, and an event list read right after a sign-up more than twice as many.',
      "Faster on PostgreSQL, on one server or several: the group page, events, cards, your groups, Civ games and rankings are sent again from what the server kept until something they show changes, on whichever server it was changed. A group's day of reading answers about twice as many requests for a third of the server's work each.",
      "Faster on a busy day: on PostgreSQL, the pages asked for at the same moment check who is asking, their group and their place in it with one database query between them, and a change's queries go out together, so PostgreSQL answers about twice as many page reads as before, and somewhat more on a day of sign-ups. A group's availability grid for the week shown is sent again from what the server kept until someone's slots change, on SQLite and PostgreSQL alike.",
      "A sign-up or an availability tick in one group no longer makes the server read every other group's event list and availability grid afresh: they stay as kept until something in their own group changes, on SQLite and PostgreSQL alike. On PostgreSQL, sign-ups from different connections no longer wait for one another's save to reach the disk.",
      "Fixes: the Event Notifications checkbox and the Discord DM switch show your choice the moment you click; logging in saves your browser's time zone before the dashboard opens, so leaving at once no longer loses it; the times that did not say their time zone now do, as every other time does (a group card's next event on the dashboard, when sign-ups close, when a bingo tile was claimed, a competition's snapshots, when the hiscores were read), the rating and standings charts' time axes, a member's rating history, a season's days, when the hiscores were read and a hiscores record's day are written in the zone chosen on your profile like the rest; planning an event from an hour of the heat map that is already under way starts it at the next five minutes instead of being refused; and on PostgreSQL a server shutting down right after a burst of changes still tells the other servers' live pages of every one.",
    ],
  },
  {
    version: '1.6.0',
    date: 'November 2026',
    notes: [
      "Availability in everyone's own time: members answer Morning, Afternoon and Evening of their own day on their own clock, and every member sees the grid and a new hour-by-hour heat map in their own time zone, saying which. Plan an event from an hour and it starts at that instant, named on your clock. Changing the group's time zone no longer moves anyone's answers; weeks with a daylight-saving change line up.",
      'Answer events with Attending, Late, Maybe, Can sub or Not coming (Maybe, Can sub and Not coming take no seat; the waitlist keeps working), with counts and names per answer. After an event its creator or an Administrator marks who came; Administrators see attendance rates on the Members page. A weekly series shows as one card that expands to its weeks.',
      "Events can set a minimum number of players, checked 1 to 48 hours before the start: below it the organiser is told, or the event is cancelled and its attendees mailed if they chose so. Organisers see how many members answered and can remind the rest once a day, by mail and in the group's Discord channel. A cancelled event stays listed, marked Cancelled.",
      'Game pages, Preferences, Game Settings and Welcome cards update live for everyone. Saving a card, the game settings or your notes over a change made meanwhile is refused with a Reload instead of silently overwriting it.',
      'Invites in one step: logging in, registering or signing in with Discord from an invite joins the group at once, with the email filled in. Unsaved notes and a half-filled New Game form survive a reload, and leaving or pressing Back asks first.',
      'RuneScape clans: rename your linked account and keep its history; leaving or being kicked frees the name at once (history kept 30 days for a rejoin); Administrators import a roster that members claim; the player page stays in the clan; a new link starts its chart at once. RuneScape 3 clans use the RuneScape 3 hiscores. Hiscores lookups wait in a fair queue with a deadline, and slow or unknown names are remembered for a minute.',
    ],
  },
  {
    version: '1.5.0',
    date: 'November 2026',
    notes: [
      'Comments: edit your own (marked edited) or delete it, with Undo right after; Administrators delete any comment. Links in comments open in a new tab. Long discussions load 50 comments at a time with Show older comments, and a game page shows new, edited and deleted comments live.',
      'Limits against floods: at most 10 comments and edits a minute, and 120 events an hour (each week of a series counts) per member; past them the server says when to try again.',
      'Toasts no longer pile up: fast clicks show one toast per kind with a count, and clicks pass through toasts to the controls below.',
      "The owner's User Settings shows why the owner cannot leave and where to delete the group instead of a Leave button that always refuses; Delete Group says what goes with the group and asks you to type its name.",
      'A second server started on the same SQLite data directory refuses to start and names the one already running.',
    ],
  },
  {
    version: '1.4.0',
    date: 'November 2026',
    notes: [
      'Sign in with Discord on the login, register and invite pages: a first sign-in makes an account with your Discord name; link or unlink Discord on your profile. A Discord account is linked to an existing account only while you are signed in to it, never by email.',
      "A group's Discord channel: Administrators add the bot and connect a channel in Group Settings; each new event is posted there with Attend, Maybe and Not coming buttons and the seats left, and the post follows sign-ups, edits and deletion.",
      'Pressing Attend or Not coming in Discord signs you up or off with the same seats, waitlist and cutoff as the website, once you have linked Discord; others get a private answer with where to sign in.',
      "Event reminders by Discord DM an hour before, for those who turn them on on their profile: beside the reminder mail, or instead of it with a group's event mails turned off.",
      "Slash commands in the group's channel: /next (the next event with its buttons), /availability (this week's best times in your own time zone), /rankings (the top 10 of the current season) and /draft (a link that opens the draft of the next event).",
      "A game drafted by the server is announced in the group's Discord channel with its players and a link to it; the leaders stay on the game's page. A finished game's result follows: the winner, the victory type and the placements.",
      'Open Games, game and Rankings pages update when a game of the group finishes.',
      'An account made by signing in with Discord can add an email and a password on the profile.',
    ],
  },
  {
    version: '1.3.0',
    date: 'November 2026',
    notes: [
      "The server deals every draft with its own random source and stores it; a drafted game is made only from the server's draft. Counts are exact, and the map comes from the players' preferred maps that fit.",
      'A fair pool: by default no civilization and no persona of a leader goes to two players; a group game setting allows duplicates. Lowering the ban limit drops the latest bans beyond it and tells the members on Preferences.',
      "DLC per member: each member ticks the packs they own and is dealt only those leaders; a draft the packs can't cover is refused, naming who is short.",
      'Live draft modes: blind picks (hidden until all have picked or time is up), captains banning and picking in snake or CWC order, majority bans, and redraft votes; each step is timed, and every player sees it live.',
      'Teams balanced by rating beside random and manual teams; top-rated, random or chosen captains.',
      'Administrators save draft presets (a name with a mode and its options) that anyone can draft with.',
    ],
  },
  {
    version: '1.2.0',
    date: 'November 2026',
    notes: [
      'The ladder keeps its records: only the host, the game creator and Administrators change a result; other players of the game propose corrections that players confirm or contest and managers accept or reject; members who did not play only read.',
      "Finished games store every player's placement: the winner first, then the reverse elimination order, with ties and reordering of players eliminated together.",
      "Ratings use the whole finishing order; every finished game shows each player's rating change, and every correction recounts the rankings from history.",
      'Every change to a game is recorded and shown on its History tab; deleting a game keeps its comments and notes, and Administrators can restore it for 30 days.',
      "A redraft replaces an event's game only while nothing has been recorded in it; otherwise the new game is added beside it.",
      'Anonymous mode holds until the host, the creator or an Administrator finishes the game.',
      'Statistics: per member, per leader and head-to-head; a member page with a rating-history chart; optional seasons.',
      "Wrong current passwords when changing a password are throttled like logins, and a password change closes the account's open live pages.",
    ],
  },
  {
    version: '1.1.0',
    date: 'November 2026',
    notes: [
      'Civilization groups: weekly availability with a heat map of the best times, and "Plan an event" from any slot.',
      "Members page with every member's leader agenda and role.",
      "Preferences: leader agenda, game setting choices, map choices and leader bans up to the group's limit.",
      "Group game settings: Administrators let members choose a setting or lock it, set the leader ban limit and the group's time zone.",
      'Civilization 6, 5 and 4 leader and map catalogues, with the Civilization 6 lobby defaults for new groups.',
      'Games with random leader drafts, bans and map preferences, drafted from the Games page or from an event; Copy for Discord.',
      'Game pages with players, hosts, eliminations, winners by victory type, settings, comments and private notes.',
      'Rankings - FFA and Rankings - Teams with wins by victory type and skill ratings.',
    ],
  },
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
  useDocumentTitle('Release Notes');
  return (
    <>
      <h1 className="page-title">Release Notes</h1>
      <p>
        Planned next: {plannedTitles()}. See <Link to="/upcoming">Upcoming</Link> for every feature and its state.
      </p>
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
            {featuresOfRelease(release.version).length > 0 && (
              <p className="small text-body-secondary mt-2 mb-0">
                Features this release brought:{' '}
                {featuresOfRelease(release.version)
                  .map((feature) => feature.title)
                  .join('; ')}
                .
              </p>
            )}
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
