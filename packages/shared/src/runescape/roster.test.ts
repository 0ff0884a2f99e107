import { describe, expect, it } from 'vitest';
import { parseRoster } from './roster';

describe('parseRoster', () => {
  it.each([
    ['one name per line, blank lines skipped', 'Zezima\n\n  Lynx Titan  \r\nB0aty', ['Zezima', 'Lynx Titan', 'B0aty'], []],
    [
      'CSV with a Name column anywhere',
      'Rank,Name,Joined\nGeneral,Alpha Wolf,2024\nRecruit,"Beta_Two",2025',
      ['Alpha Wolf', 'Beta_Two'],
      [],
    ],
    ['CSV with an RSN column, semicolons', 'RSN;Rank\nIron Bob;Owner', ['Iron Bob'], []],
    ['tab separated export with a Player column', 'Player\tXP\nSome One\t100', ['Some One'], []],
    ['CSV without a header: first column', 'Alpha,General\nBeta,Recruit', ['Alpha', 'Beta'], []],
    ['repeated names kept once, compared as the hiscores do', 'Iron Bob\niron_bob\nIRON-BOB', ['Iron Bob'], []],
    ['invalid names reported by line', 'Fine\nNot*Valid!\nThirteen Char', ['Fine'], ['Line 2: "Not*Valid!"', 'Line 3: "Thirteen Char"']],
  ])('%s', (_label, text, names, problems) => {
    expect(parseRoster(text)).toEqual({ names, problems });
  });
});
