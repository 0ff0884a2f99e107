import type { CivLeader } from './catalogue-types';

// The 52 leaders of Beyond the Sword (game-data.md 2.3). civID is the game's own LeaderType as written in
// CIV4CivilizationInfos.xml of Charriu84/RtR (the unmodified BtS set), e.g. Mao Zedong is LEADER_CHINESE_LEADER.
// Which expansion added each leader is general knowledge that matches the verified totals (26 + 10 + 16), not data.

/** Civilization IV packs in release order, as the Leader Bans list groups them. */
export const CIV4_PACKS: readonly string[] = ['Base Game', 'Warlords', 'Beyond the Sword'];

/** The 52 Civilization IV (Beyond the Sword) leaders with their civilizations. */
export const CIV4_LEADERS: readonly CivLeader[] = [
  { civID: 'LEADER_WASHINGTON', leader: 'Washington', nation: 'America', pack: 'Base Game' },
  { civID: 'LEADER_FRANKLIN_ROOSEVELT', leader: 'Franklin Roosevelt', nation: 'America', pack: 'Base Game' },
  { civID: 'LEADER_LINCOLN', leader: 'Abraham Lincoln', nation: 'America', pack: 'Beyond the Sword' },
  { civID: 'LEADER_SALADIN', leader: 'Saladin', nation: 'Arabia', pack: 'Base Game' },
  { civID: 'LEADER_MONTEZUMA', leader: 'Montezuma', nation: 'Aztec', pack: 'Base Game' },
  { civID: 'LEADER_HAMMURABI', leader: 'Hammurabi', nation: 'Babylon', pack: 'Beyond the Sword' },
  { civID: 'LEADER_JUSTINIAN', leader: 'Justinian I', nation: 'Byzantium', pack: 'Beyond the Sword' },
  { civID: 'LEADER_HANNIBAL', leader: 'Hannibal', nation: 'Carthage', pack: 'Warlords' },
  { civID: 'LEADER_BRENNUS', leader: 'Brennus', nation: 'Celts', pack: 'Warlords' },
  { civID: 'LEADER_BOUDICA', leader: 'Boudica', nation: 'Celts', pack: 'Beyond the Sword' },
  { civID: 'LEADER_QIN_SHI_HUANG', leader: 'Qin Shi Huang', nation: 'China', pack: 'Base Game' },
  { civID: 'LEADER_CHINESE_LEADER', leader: 'Mao Zedong', nation: 'China', pack: 'Base Game' },
  { civID: 'LEADER_HATSHEPSUT', leader: 'Hatshepsut', nation: 'Egypt', pack: 'Base Game' },
  { civID: 'LEADER_RAMESSES', leader: 'Ramesses II', nation: 'Egypt', pack: 'Warlords' },
  { civID: 'LEADER_ELIZABETH', leader: 'Elizabeth', nation: 'England', pack: 'Base Game' },
  { civID: 'LEADER_VICTORIA', leader: 'Victoria', nation: 'England', pack: 'Base Game' },
  { civID: 'LEADER_CHURCHILL', leader: 'Churchill', nation: 'England', pack: 'Warlords' },
  { civID: 'LEADER_ZARA_YAQOB', leader: 'Zara Yaqob', nation: 'Ethiopia', pack: 'Beyond the Sword' },
  { civID: 'LEADER_LOUIS_XIV', leader: 'Louis XIV', nation: 'France', pack: 'Base Game' },
  { civID: 'LEADER_NAPOLEON', leader: 'Napoleon', nation: 'France', pack: 'Base Game' },
  { civID: 'LEADER_DE_GAULLE', leader: 'De Gaulle', nation: 'France', pack: 'Beyond the Sword' },
  { civID: 'LEADER_FREDERICK', leader: 'Frederick', nation: 'Germany', pack: 'Base Game' },
  { civID: 'LEADER_BISMARCK', leader: 'Bismarck', nation: 'Germany', pack: 'Base Game' },
  { civID: 'LEADER_ALEXANDER', leader: 'Alexander', nation: 'Greece', pack: 'Base Game' },
  { civID: 'LEADER_PERICLES', leader: 'Pericles', nation: 'Greece', pack: 'Beyond the Sword' },
  { civID: 'LEADER_CHARLEMAGNE', leader: 'Charlemagne', nation: 'Holy Roman Empire', pack: 'Beyond the Sword' },
  { civID: 'LEADER_HUAYNA_CAPAC', leader: 'Huayna Capac', nation: 'Inca', pack: 'Base Game' },
  { civID: 'LEADER_ASOKA', leader: 'Asoka', nation: 'India', pack: 'Base Game' },
  { civID: 'LEADER_GANDHI', leader: 'Gandhi', nation: 'India', pack: 'Base Game' },
  { civID: 'LEADER_TOKUGAWA', leader: 'Tokugawa', nation: 'Japan', pack: 'Base Game' },
  { civID: 'LEADER_SURYAVARMAN', leader: 'Suryavarman II', nation: 'Khmer', pack: 'Beyond the Sword' },
  { civID: 'LEADER_WANGKON', leader: 'Wang Kon', nation: 'Korea', pack: 'Warlords' },
  { civID: 'LEADER_MANSA_MUSA', leader: 'Mansa Musa', nation: 'Mali', pack: 'Base Game' },
  { civID: 'LEADER_PACAL', leader: 'Pacal II', nation: 'Maya', pack: 'Beyond the Sword' },
  { civID: 'LEADER_GENGHIS_KHAN', leader: 'Genghis Khan', nation: 'Mongolia', pack: 'Base Game' },
  { civID: 'LEADER_KUBLAI_KHAN', leader: 'Kublai Khan', nation: 'Mongolia', pack: 'Base Game' },
  { civID: 'LEADER_SITTING_BULL', leader: 'Sitting Bull', nation: 'Native America', pack: 'Beyond the Sword' },
  { civID: 'LEADER_WILLEM_VAN_ORANJE', leader: 'Willem van Oranje', nation: 'Netherlands', pack: 'Beyond the Sword' },
  { civID: 'LEADER_MEHMED', leader: 'Mehmed II', nation: 'Ottomans', pack: 'Warlords' },
  { civID: 'LEADER_SULEIMAN', leader: 'Suleiman', nation: 'Ottomans', pack: 'Beyond the Sword' },
  { civID: 'LEADER_CYRUS', leader: 'Cyrus', nation: 'Persia', pack: 'Base Game' },
  { civID: 'LEADER_DARIUS', leader: 'Darius I', nation: 'Persia', pack: 'Beyond the Sword' },
  { civID: 'LEADER_JOAO', leader: 'Joao II', nation: 'Portugal', pack: 'Beyond the Sword' },
  { civID: 'LEADER_JULIUS_CAESAR', leader: 'Julius Caesar', nation: 'Rome', pack: 'Base Game' },
  { civID: 'LEADER_AUGUSTUS', leader: 'Augustus Caesar', nation: 'Rome', pack: 'Warlords' },
  { civID: 'LEADER_PETER', leader: 'Peter', nation: 'Russia', pack: 'Base Game' },
  { civID: 'LEADER_CATHERINE', leader: 'Catherine', nation: 'Russia', pack: 'Base Game' },
  { civID: 'LEADER_STALIN', leader: 'Stalin', nation: 'Russia', pack: 'Warlords' },
  { civID: 'LEADER_ISABELLA', leader: 'Isabella', nation: 'Spain', pack: 'Base Game' },
  { civID: 'LEADER_GILGAMESH', leader: 'Gilgamesh', nation: 'Sumeria', pack: 'Beyond the Sword' },
  { civID: 'LEADER_RAGNAR', leader: 'Ragnar', nation: 'Vikings', pack: 'Warlords' },
  { civID: 'LEADER_SHAKA', leader: 'Shaka', nation: 'Zulu', pack: 'Warlords' },
];
