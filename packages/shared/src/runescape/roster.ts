import { PLAYER_NAME_MAX } from './schemas';

/** Names one roster import may hold. */
export const ROSTER_MAX_NAMES = 500;
/** Characters of pasted roster text accepted. */
export const ROSTER_MAX_CHARS = 20_000;

const NAME = /^[A-Za-z0-9 _-]+$/;
const HEADER_NAMES = ['name', 'player', 'player name', 'playername', 'rsn', 'username', 'in-game name', 'ign', 'member'];

export interface ParsedRoster {
  /** Valid names in order, each once (compared as the hiscores do: case, spaces, `_` and `-` alike). */
  names: string[];
  /** Lines that hold no valid name, as `Line N: "text"`. */
  problems: string[];
}

const sameName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, ' ');

/** Splits one CSV line into cells; a quoted cell may hold the separator and doubled quotes. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') quoted = true;
    else if (ch === separator) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out.map((c) => c.trim());
}

/**
 * Reads a pasted roster: names one per line, or CSV (comma, semicolon or tab separated) whose
 * header row has a name column (Name, Player, RSN, Username...), or else whose first column holds
 * the names. Blank lines are skipped; repeated names are kept once.
 */
export function parseRoster(text: string): ParsedRoster {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const first = lines.find((line) => line.trim() !== '') ?? '';
  const separator = [',', '\t', ';'].find((s) => first.includes(s));
  let column = 0;
  let start = 0;
  if (separator) {
    const header = cells(first, separator).map((c) => c.toLowerCase());
    const named = header.findIndex((c) => HEADER_NAMES.includes(c));
    if (named >= 0) {
      column = named;
      start = lines.indexOf(first) + 1;
    }
  }
  const names: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const name = (separator ? (cells(line, separator)[column] ?? '') : line).trim().replace(/\s+/g, ' ');
    if (!name || name.length > PLAYER_NAME_MAX || !NAME.test(name)) {
      problems.push(`Line ${i + 1}: "${line.trim().slice(0, 40)}"`);
      continue;
    }
    if (seen.has(sameName(name))) continue;
    seen.add(sameName(name));
    names.push(name);
  }
  return { names, problems };
}
