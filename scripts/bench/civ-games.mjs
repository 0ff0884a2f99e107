// Civilization 6 games as rows: finished ones (a quarter of them team games) and active ones.
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

/** `finished` finished games then `active` active ones of `userIds` (4 to 8 players each), one hour apart from `start`. */
export function civGameRows({ groupId, userIds, finished, active, start, gameId }) {
  const games = [];
  const members = [];
  const maxPlayers = Math.min(8, userIds.length);
  for (let i = 0; i < finished + active; i += 1) {
    const isFinished = i < finished;
    const team = i % 4 === 3;
    const players = userIds.slice(0, Math.min(maxPlayers, 4 + (i % 5)));
    const id = gameId(i);
    const winnerIndex = i % players.length;
    const winner = !isFinished ? null : team ? String((winnerIndex % 2) + 1) : players[winnerIndex];
    const created = start + i * 3_600_000;
    games.push({
      id,
      group_id: groupId,
      game_name: `Game ${i}`,
      host: players[0],
      chosen_host: players[0],
      lobby_link: '',
      game_type: team ? 'team' : 'ffa',
      winner,
      victory_type: isFinished ? VICTORIES[i % VICTORIES.length] : null,
      map: MAPS[i % MAPS.length],
      banned_leaders: '[]',
      settings: '{}',
      anonymous_mode: 0,
      draft_mode: 1,
      num_civ: 3,
      event_id: null,
      created_by: players[0],
      created_at: created,
      finished_at: isFinished ? created + 1_800_000 : null,
    });
    players.forEach((userId, position) => {
      const playerTeam = team ? (position % 2) + 1 : null;
      const won = isFinished && (team ? String(playerTeam) === winner : userId === winner) ? 1 : 0;
      members.push({
        game_id: id,
        user_id: userId,
        position,
        team: playerTeam,
        is_active: isFinished ? won : 1,
        civ_choices: JSON.stringify([LEADERS[(i + position * 3) % LEADERS.length], LEADERS[(i + position * 3 + 1) % LEADERS.length]]),
        won,
      });
    });
  }
  return { games, members };
}
