// Seeds a Civilization group with many finished games straight into the bench's SQLite file, so
// the games lists and rankings are measured at a realistic size without 30,000 set-up requests.
import path from 'node:path';
import SQLite from 'better-sqlite3';

const LEADERS = [
  'LEADER_T_ROOSEVELT',
  'LEADER_SALADIN',
  'LEADER_PEDRO',
  'LEADER_QIN',
  'LEADER_CLEOPATRA',
  'LEADER_VICTORIA',
  'LEADER_GANDHI',
  'LEADER_HOJO',
  'LEADER_TRAJAN',
  'LEADER_PETER_GREAT',
  'LEADER_TOMYRIS',
  'LEADER_GILGAMESH',
  'LEADER_GORGO',
  'LEADER_PERICLES',
  'LEADER_MVEMBA',
  'LEADER_HARDRADA',
  'LEADER_PHILIP_II',
  'LEADER_BARBAROSSA',
];
const VICTORIES = ['Science', 'Culture', 'Domination', 'Religion', 'Diplomatic', 'Territorial', 'Score'];
const MAPS = ['Pangaea', 'Continents', 'Fractal', 'Lakes', 'Terra', 'Seven Seas'];

/** Inserts `finished` finished games (a quarter of them team games) and `active` active ones. */
export function seedGames(dataDir, { groupId, userIds, finished, active }) {
  const db = new SQLite(path.join(dataDir, 'smm.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insertGame =
    db.prepare(`insert into civ_games (id, group_id, game_name, host, lobby_link, game_type, winner, victory_type, map, banned_leaders, settings, anonymous_mode, draft_mode, num_civ, event_id, created_by, created_at, finished_at)
    values (?, ?, ?, ?, '', ?, ?, ?, ?, '[]', '{}', 0, 1, 3, null, ?, ?, ?)`);
  const insertMember = db.prepare(
    `insert into civ_game_members (game_id, user_id, position, team, is_active, civ_choices, won) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.UTC(2024, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < finished + active; i += 1) {
      const isFinished = i < finished;
      const team = i % 4 === 3;
      const players = userIds.slice(0, 4 + (i % 5));
      const id = `bench-game-${String(i).padStart(6, '0')}`;
      const winnerIndex = i % players.length;
      const winner = !isFinished ? null : team ? String((winnerIndex % 2) + 1) : players[winnerIndex];
      const created = start + i * 3_600_000;
      insertGame.run(
        id,
        groupId,
        `Game ${i}`,
        players[0],
        team ? 'team' : 'ffa',
        winner,
        isFinished ? VICTORIES[i % VICTORIES.length] : null,
        MAPS[i % MAPS.length],
        players[0],
        created,
        isFinished ? created + 1_800_000 : null,
      );
      players.forEach((userId, position) => {
        const playerTeam = team ? (position % 2) + 1 : null;
        const won = isFinished && (team ? String(playerTeam) === winner : userId === winner) ? 1 : 0;
        const choices = JSON.stringify([LEADERS[(i + position * 3) % LEADERS.length], LEADERS[(i + position * 3 + 1) % LEADERS.length]]);
        insertMember.run(id, userId, position, playerTeam, isFinished ? (won ? 1 : 0) : 1, choices, won);
      });
    }
  })();
  db.close();
}
