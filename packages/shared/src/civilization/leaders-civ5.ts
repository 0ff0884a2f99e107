import type { CivLeader } from './catalogue-types';

// Rows and LeaderTypes from game-data.md 2.1 (PYDT civ5.ts). The single-civ DLCs are listed in their release order
// (Babylon shipped with the Deluxe edition at launch), then the two expansions.

/** Civilization V packs in release order, as the Leader Bans list groups them. */
export const CIV5_PACKS: readonly string[] = [
  'Base Game',
  'Babylon DLC',
  'Mongolia DLC',
  'Spain and Inca DLC',
  'Polynesia DLC',
  'Denmark DLC',
  'Korea DLC',
  'Gods & Kings',
  'Brave New World',
];

/** The 43 Civilization V civilizations with their leaders; civID is the game's LeaderType. */
export const CIV5_LEADERS: readonly CivLeader[] = [
  { civID: 'LEADER_WASHINGTON', leader: 'Washington', nation: 'America', pack: 'Base Game' },
  { civID: 'LEADER_HARUN_AL_RASHID', leader: 'Harun al-Rashid', nation: 'Arabia', pack: 'Base Game' },
  { civID: 'LEADER_MONTEZUMA', leader: 'Montezuma', nation: 'Aztecs', pack: 'Base Game' },
  { civID: 'LEADER_WU_ZETIAN', leader: 'Wu Zetian', nation: 'China', pack: 'Base Game' },
  { civID: 'LEADER_RAMESSES', leader: 'Ramesses II', nation: 'Egypt', pack: 'Base Game' },
  { civID: 'LEADER_ELIZABETH', leader: 'Elizabeth', nation: 'England', pack: 'Base Game' },
  { civID: 'LEADER_NAPOLEON', leader: 'Napoleon', nation: 'France', pack: 'Base Game' },
  { civID: 'LEADER_BISMARCK', leader: 'Bismarck', nation: 'Germany', pack: 'Base Game' },
  { civID: 'LEADER_ALEXANDER', leader: 'Alexander', nation: 'Greece', pack: 'Base Game' },
  { civID: 'LEADER_GANDHI', leader: 'Gandhi', nation: 'India', pack: 'Base Game' },
  { civID: 'LEADER_HIAWATHA', leader: 'Hiawatha', nation: 'Iroquois', pack: 'Base Game' },
  { civID: 'LEADER_ODA_NOBUNAGA', leader: 'Oda Nobunaga', nation: 'Japan', pack: 'Base Game' },
  { civID: 'LEADER_SULEIMAN', leader: 'Suleiman', nation: 'Ottomans', pack: 'Base Game' },
  { civID: 'LEADER_DARIUS', leader: 'Darius I', nation: 'Persia', pack: 'Base Game' },
  { civID: 'LEADER_AUGUSTUS', leader: 'Augustus Caesar', nation: 'Rome', pack: 'Base Game' },
  { civID: 'LEADER_CATHERINE', leader: 'Catherine', nation: 'Russia', pack: 'Base Game' },
  { civID: 'LEADER_RAMKHAMHAENG', leader: 'Ramkhamhaeng', nation: 'Siam', pack: 'Base Game' },
  { civID: 'LEADER_ASKIA', leader: 'Askia', nation: 'Songhai', pack: 'Base Game' },
  { civID: 'LEADER_GENGHIS_KHAN', leader: 'Genghis Khan', nation: 'Mongolia', pack: 'Mongolia DLC' },
  { civID: 'LEADER_PACHACUTI', leader: 'Pachacuti', nation: 'Inca', pack: 'Spain and Inca DLC' },
  { civID: 'LEADER_ISABELLA', leader: 'Isabella', nation: 'Spain', pack: 'Spain and Inca DLC' },
  { civID: 'LEADER_KAMEHAMEHA', leader: 'Kamehameha', nation: 'Polynesia', pack: 'Polynesia DLC' },
  { civID: 'LEADER_HARALD', leader: 'Harald Bluetooth', nation: 'Denmark', pack: 'Denmark DLC' },
  { civID: 'LEADER_SEJONG', leader: 'Sejong', nation: 'Korea', pack: 'Korea DLC' },
  { civID: 'LEADER_NEBUCHADNEZZAR', leader: 'Nebuchadnezzar II', nation: 'Babylon', pack: 'Babylon DLC' },
  { civID: 'LEADER_MARIA', leader: 'Maria Theresa', nation: 'Austria', pack: 'Gods & Kings' },
  { civID: 'LEADER_THEODORA', leader: 'Theodora', nation: 'Byzantium', pack: 'Gods & Kings' },
  { civID: 'LEADER_DIDO', leader: 'Dido', nation: 'Carthage', pack: 'Gods & Kings' },
  { civID: 'LEADER_BOUDICCA', leader: 'Boudicca', nation: 'Celts', pack: 'Gods & Kings' },
  { civID: 'LEADER_SELASSIE', leader: 'Haile Selassie', nation: 'Ethiopia', pack: 'Gods & Kings' },
  { civID: 'LEADER_ATTILA', leader: 'Attila', nation: 'Huns', pack: 'Gods & Kings' },
  { civID: 'LEADER_PACAL', leader: 'Pacal', nation: 'Maya', pack: 'Gods & Kings' },
  { civID: 'LEADER_WILLIAM', leader: 'William', nation: 'Netherlands', pack: 'Gods & Kings' },
  { civID: 'LEADER_GUSTAVUS_ADOLPHUS', leader: 'Gustavus Adolphus', nation: 'Sweden', pack: 'Gods & Kings' },
  { civID: 'LEADER_ASHURBANIPAL', leader: 'Ashurbanipal', nation: 'Assyria', pack: 'Brave New World' },
  { civID: 'LEADER_PEDRO', leader: 'Pedro II', nation: 'Brazil', pack: 'Brave New World' },
  { civID: 'LEADER_GAJAH_MADA', leader: 'Gajah Mada', nation: 'Indonesia', pack: 'Brave New World' },
  { civID: 'LEADER_AHMAD_ALMANSUR', leader: 'Ahmad al-Mansur', nation: 'Morocco', pack: 'Brave New World' },
  { civID: 'LEADER_CASIMIR', leader: 'Casimir III', nation: 'Poland', pack: 'Brave New World' },
  { civID: 'LEADER_MARIA_I', leader: 'Maria I', nation: 'Portugal', pack: 'Brave New World' },
  { civID: 'LEADER_POCATELLO', leader: 'Pocatello', nation: 'Shoshone', pack: 'Brave New World' },
  { civID: 'LEADER_ENRICO_DANDOLO', leader: 'Enrico Dandolo', nation: 'Venice', pack: 'Brave New World' },
  { civID: 'LEADER_SHAKA', leader: 'Shaka', nation: 'Zulu', pack: 'Brave New World' },
];
