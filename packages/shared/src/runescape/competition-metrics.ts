import { RS3_ACTIVITY_NAMES, RS3_GAME_NAME, RS3_SKILL_NAMES } from './rs3';
import { OVERALL_HISCORES_NAME } from './skills';
import { OSRS_TRACKED_SKILLS } from './tracked-skills';

/** The hiscores a clan's competitions read: Old School's or RuneScape 3's. */
export type CompetitionGame = 'osrs' | 'rs3';

/** The game of a clan, from its group's game name ('RuneScape' is RuneScape 3). */
export const competitionGameOf = (gameName: string): CompetitionGame => (gameName === RS3_GAME_NAME ? 'rs3' : 'osrs');

export type CompetitionMetricKind = 'overall' | 'skill' | 'boss' | 'activity';

/**
 * One thing a competition measures. Skills (and overall) are measured in experience, bosses in
 * kills and activities in score. `hiscoresName` is the line's name in that game's hiscores.
 */
export interface CompetitionMetric {
  id: string;
  label: string;
  kind: CompetitionMetricKind;
  hiscoresName: string;
}

/** A metric id from a hiscores name: lower case, runs of other characters as one '_' ("Clue Scrolls (all)" -> clue_scrolls_all). */
export const metricIdOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Old School's activity lines (score) other than bosses, as the hiscores name them. */
export const OSRS_ACTIVITY_NAMES = [
  'League Points',
  'Deadman Points',
  'Bounty Hunter - Hunter',
  'Bounty Hunter - Rogue',
  'Bounty Hunter (Legacy) - Hunter',
  'Bounty Hunter (Legacy) - Rogue',
  'Clue Scrolls (all)',
  'Clue Scrolls (beginner)',
  'Clue Scrolls (easy)',
  'Clue Scrolls (medium)',
  'Clue Scrolls (hard)',
  'Clue Scrolls (elite)',
  'Clue Scrolls (master)',
  'LMS - Rank',
  'PvP Arena - Rank',
  'Soul Wars Zeal',
  'Rifts closed',
  'Colosseum Glory',
  'Collections Logged',
] as const;

/** Old School's boss lines (kill counts), as the hiscores name them. */
export const OSRS_BOSS_NAMES = [
  'Abyssal Sire',
  'Alchemical Hydra',
  'Amoxliatl',
  'Araxxor',
  'Artio',
  'Barrows Chests',
  'Bryophyta',
  'Callisto',
  "Calvar'ion",
  'Cerberus',
  'Chambers of Xeric',
  'Chambers of Xeric: Challenge Mode',
  'Chaos Elemental',
  'Chaos Fanatic',
  'Commander Zilyana',
  'Corporeal Beast',
  'Crazy Archaeologist',
  'Dagannoth Prime',
  'Dagannoth Rex',
  'Dagannoth Supreme',
  'Deranged Archaeologist',
  'Doom of Mokhaiotl',
  'Duke Sucellus',
  'General Graardor',
  'Giant Mole',
  'Grotesque Guardians',
  'Hespori',
  'Kalphite Queen',
  'King Black Dragon',
  'Kraken',
  "Kree'Arra",
  "K'ril Tsutsaroth",
  'Lunar Chests',
  'Mimic',
  'Nex',
  'Nightmare',
  "Phosani's Nightmare",
  'Obor',
  'Phantom Muspah',
  'Sarachnis',
  'Scorpia',
  'Scurrius',
  'Skotizo',
  'Sol Heredit',
  'Spindel',
  'Tempoross',
  'The Gauntlet',
  'The Corrupted Gauntlet',
  'The Hueycoatl',
  'The Leviathan',
  'The Royal Titans',
  'The Whisperer',
  'Theatre of Blood',
  'Theatre of Blood: Hard Mode',
  'Thermonuclear Smoke Devil',
  'Tombs of Amascut',
  'Tombs of Amascut: Expert Mode',
  'TzKal-Zuk',
  'TzTok-Jad',
  'Vardorvis',
  'Venenatis',
  "Vet'ion",
  'Vorkath',
  'Wintertodt',
  'Yama',
  'Zalcano',
  'Zulrah',
] as const;

/** RuneScape 3's hiscores name two skills their own way; the ids stay the clan stats' ones. */
const RS3_SKILL_IDS: Record<string, string> = { Constitution: 'constitution', Runecrafting: 'runecrafting' };

const OVERALL_METRIC: CompetitionMetric = { id: 'overall', label: 'Overall', kind: 'overall', hiscoresName: OVERALL_HISCORES_NAME };

const named = (kind: CompetitionMetricKind) => (name: string) => ({ id: metricIdOf(name), label: name, kind, hiscoresName: name });

const OSRS_METRICS: readonly CompetitionMetric[] = [
  OVERALL_METRIC,
  ...OSRS_TRACKED_SKILLS.map((skill) => ({ id: skill.id, label: skill.label, kind: 'skill' as const, hiscoresName: skill.hiscoresName })),
  ...OSRS_BOSS_NAMES.map(named('boss')),
  ...OSRS_ACTIVITY_NAMES.map(named('activity')),
];

const RS3_METRICS: readonly CompetitionMetric[] = [
  OVERALL_METRIC,
  ...RS3_SKILL_NAMES.filter((name) => name !== OVERALL_HISCORES_NAME).map((name) => ({
    id: RS3_SKILL_IDS[name] ?? metricIdOf(name),
    label: name,
    kind: 'skill' as const,
    hiscoresName: name,
  })),
  ...RS3_ACTIVITY_NAMES.map(named('activity')),
];

/** Every metric a competition of this game may measure, in the order to offer them: overall, skills, bosses, activities. */
export function competitionMetrics(game: CompetitionGame): readonly CompetitionMetric[] {
  return game === 'rs3' ? RS3_METRICS : OSRS_METRICS;
}

/** The metric with this id in this game, or undefined. */
export function competitionMetric(game: CompetitionGame, id: string): CompetitionMetric | undefined {
  return competitionMetrics(game).find((metric) => metric.id === id);
}
