import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useLocation } from 'react-router';
import { gamePermissions } from '@smm/shared/civilization/game-policy';
import {
  NOTES_CHANGED_MESSAGE,
  RESULT_CHANGED_MESSAGE,
  type CommentDto,
  type GameDto,
  type GameMemberDto,
  type NotesDto,
  type UpdateGameBody,
} from '@smm/shared/civilization/games-schemas';
import type { GameHistoryDto, ProposalDto } from '@smm/shared/civilization/ladder-schemas';
import { viewerInGroup } from '@smm/shared/groups/policy';
import type { GroupDto } from '@smm/shared/groups/schemas';
import CivGamePage from './pages/CivGamePage';
import { renderGroupPages } from '../../test/app-providers';

type Reply = { status: number; body: unknown };

/** The state a test's fake API answers from; reset before every test. The viewer is always 'me'. */
export interface FakeServer {
  group: GroupDto;
  game: GameDto;
  notes: NotesDto;
  comments: CommentDto[];
  history: GameHistoryDto;
  routes: Record<string, (body: unknown, query: URLSearchParams) => Reply>;
  posted: { path: string; body: unknown }[];
}

export const choice = (civID: string, leader: string, nation: string) => ({ civID, leader, nation });

export const member = (userID: string, username: string, extra: Partial<GameMemberDto> = {}): GameMemberDto => ({
  userID,
  username,
  isActive: true,
  team: null,
  civChoices: [choice(`${userID}-1`, `Leader of ${username}`, `Nation of ${username}`)],
  civChoicesHidden: false,
  civPlayed: null,
  placement: null,
  eliminationStep: null,
  ratingChange: null,
  ...extra,
});

export const proposal = (extra: Partial<ProposalDto> = {}): ProposalDto => ({
  _id: 'p1',
  gameID: 'game1',
  proposedBy: 'bo',
  proposedByName: 'Bo',
  changes: { members: [{ userID: 'owner', isActive: false }] },
  summary: ['Olga: Eliminated'],
  reason: 'Olga quit on turn 80',
  status: 'pending',
  outOfDate: false,
  dateProposed: '2031-03-02T10:00:00.000Z',
  decidedByName: null,
  dateDecided: null,
  decisionReason: null,
  votes: [],
  ...extra,
});

function freshGroup(): GroupDto {
  return {
    _id: 'g1',
    groupName: 'Ancient Rivals',
    gameName: 'Civilization 6',
    linkURL: 'civGroup',
    isPrivate: true,
    groupOwner: 'owner',
    admins: ['owner'],
    members: [
      { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
      { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
      { userID: 'bo', username: 'Bo', role: 'Member', isActive: true, team: null },
      { userID: 'al', username: 'Al', role: 'Member', isActive: true, team: null },
    ],
  };
}

/** By default the viewer created the game (a manager); Olga hosts it; Me, Olga and Bo play. */
function freshGame(): GameDto {
  return {
    _id: 'game1',
    groupID: 'g1',
    gameName: 'Saturday Pangaea',
    host: 'owner',
    chosenHost: 'owner',
    lobbyLink: 'https://lobby.example.com/join/42',
    gameType: 'ffa',
    winner: null,
    victoryType: null,
    map: 'Pangaea',
    bannedLeaders: [choice('b1', 'Gandhi', 'India')],
    dateCreated: '2031-03-01T18:00:00.000Z',
    dateFinished: null,
    isFinished: false,
    anonymousMode: false,
    draftMode: true,
    numCiv: 1,
    settings: {
      gameSettings: [
        { title: 'Turn Timer', value: 'Standard Turn Timer' },
        { title: 'Disaster Intensity', value: 2 },
      ],
      gameModes: [{ title: 'Secret Societies', value: 'Off' }],
      victoryTypes: [{ title: 'Science Victory', value: 'Standard' }],
      tradingAndDiplomacy: [],
    },
    eventID: null,
    createdBy: 'me',
    members: [member('owner', 'Olga'), member('me', 'Me'), member('bo', 'Bo')],
    dateDeleted: null,
    pendingProposals: 0,
    resultVersion: 3,
  };
}

/** The game as the server sends it to 'me': with what the shared policy lets them do. */
function served(server: FakeServer): GameDto {
  const { game, group } = server;
  const permissions = gamePermissions(viewerInGroup(group, 'me'), 'me', {
    host: game.chosenHost,
    createdBy: game.createdBy,
    playerIDs: game.members.map((m) => m.userID),
  });
  return { ...game, pendingProposals: server.history.proposals.filter((p) => p.status === 'pending').length, permissions };
}

/** Applies an updateGame the way the server does, for the fields these tests send. */
function applyUpdate(server: FakeServer, change: UpdateGameBody): void {
  let game = server.game;
  // Every change of the result raises its version; the name, the lobby link and a leader played do not.
  const result = change.members?.some((m) => m.isActive !== undefined) || change.host || change.placements || change.winner !== undefined;
  if (result) game = { ...game, resultVersion: (game.resultVersion ?? 0) + 1 };
  const members = game.members.map((m) => {
    const update = change.members?.find((u) => u.userID === m.userID);
    if (!update) return m;
    const civPlayed =
      update.civPlayed === undefined
        ? m.civPlayed
        : (m.civChoices.find((c) => c.civID === update.civPlayed) ??
          (update.civPlayed ? choice(update.civPlayed, update.civPlayed, update.civPlayed) : null));
    return { ...m, isActive: update.isActive ?? m.isActive, civPlayed };
  });
  game = { ...game, members };
  if (change.gameName !== undefined) game.gameName = change.gameName;
  if (change.lobbyLink !== undefined) game.lobbyLink = change.lobbyLink;
  // Naming a host names who records the results too.
  if (change.host) game = { ...game, host: change.host, chosenHost: change.host };
  if (change.placements) {
    game.members = game.members.map((m) => ({
      ...m,
      placement: change.placements?.find((p) => p.userID === m.userID)?.placement ?? m.placement,
    }));
  }
  if (change.winner !== undefined) {
    game = {
      ...game,
      winner: change.winner,
      victoryType: change.victoryType ?? null,
      isFinished: true,
      dateFinished: '2031-03-03T00:00:00.000Z',
    };
  }
  server.game = game;
}

/**
 * Installs a fake API for the game page (fetch answered from `server`'s state, every POST recorded
 * in `server.posted`) before each test, and removes it after.
 */
export function fakeGameServer(): FakeServer {
  const server = {} as FakeServer;
  beforeEach(() => {
    const payload = btoa(
      JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }),
    );
    localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
    server.posted = [];
    server.group = freshGroup();
    server.game = freshGame();
    server.history = { proposals: [], audit: [] };
    server.notes = { userID: 'me', groupID: 'g1', gameID: 'game1', notes: 'Watch Olga’s border', updatedAt: 1000, playerRelationships: [] };
    server.comments = [
      { _id: 'c1', comment: 'First!', username: 'Olga', userID: 'owner', groupID: 'g1', gameID: 'game1', date: '2031-03-01T18:05:00.000Z' },
      { _id: 'c3', comment: 'GG all', username: 'Bo', userID: 'bo', groupID: 'g1', gameID: 'game1', date: '2031-03-02T09:00:00.000Z' },
      { _id: 'c2', comment: 'Ready?', username: 'Me', userID: 'me', groupID: 'g1', gameID: 'game1', date: '2031-03-01T19:00:00.000Z' },
    ];
    const ok = (body: unknown): Reply => ({ status: 200, body });
    server.routes = {
      'GET /api/groups/getGroup': () => ok(server.group),
      'GET /api/users/getTimeZone': () => ok({ timeZone: 'UTC' }),
      'GET /api/civilization/game': () => ok(served(server)),
      'GET /api/civilization/gameHistory': () => ok(server.history),
      'GET /api/comments/getComments/game1/g1': () => ok(server.comments),
      'GET /api/notes/getUserNotes/me/g1/game1': () => ok(server.notes),
      'POST /api/civilization/updateGame': (body) => {
        // As the server: a change sent from a view of an older result is refused and changes nothing.
        const { expectedResultVersion } = body as UpdateGameBody;
        if (expectedResultVersion !== undefined && expectedResultVersion !== server.game.resultVersion)
          return { status: 409, body: { message: RESULT_CHANGED_MESSAGE } };
        applyUpdate(server, body as UpdateGameBody);
        return ok(served(server));
      },
      'POST /api/notes/postUserNotes/': (body) => {
        // As the server: a save over a version other than the one opened is refused and changes nothing.
        const { notes, expectedUpdatedAt } = body as { notes: string; expectedUpdatedAt?: number | null };
        if (expectedUpdatedAt !== undefined && expectedUpdatedAt !== server.notes.updatedAt)
          return { status: 409, body: { message: NOTES_CHANGED_MESSAGE } };
        server.notes = { ...server.notes, notes, updatedAt: (server.notes.updatedAt ?? 0) + 1000 };
        return ok(server.notes);
      },
      'POST /api/notes/postPlayerRelationship/me/g1/game1': (body) => {
        const { userID, username, relationship } = body as NotesDto['playerRelationships'][number];
        const others = server.notes.playerRelationships.filter((r) => r.userID !== userID);
        server.notes = { ...server.notes, playerRelationships: [...others, { userID, username, relationship }] };
        return ok(server.notes);
      },
      'POST /api/comments/postComment': (body) => {
        const saved = { ...(body as CommentDto), _id: `c${server.comments.length + 1}`, date: '2031-03-04T10:00:00.000Z' };
        server.comments = [...server.comments, saved];
        return ok(saved);
      },
    };
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method === 'POST') server.posted.push({ path: url.pathname + url.search, body });
      const route = server.routes[`${method} ${url.pathname}`];
      const reply = route ? route(body, url.searchParams) : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return server;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderGame(path = '/civGroup/civGame?groupID=g1&gameID=game1') {
  renderGroupPages(path, { civGame: <CivGamePage />, main: <p>Active Games</p> }, <Where />);
}

/** The content of a tab; the others stay mounted (hidden by CSS, which the test DOM does not load). */
export const panel = (name: string) => screen.getByRole('tabpanel', { name });

export const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

export const gameLoaded = () => screen.findByRole('heading', { level: 2, name: 'Saturday Pangaea' });
