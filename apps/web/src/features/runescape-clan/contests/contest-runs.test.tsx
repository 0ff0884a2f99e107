import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContestRuns } from './ContestRuns';

afterEach(cleanup);

const runs = (timeZone: string) => {
  render(
    <dl>
      <ContestRuns startsAt="2026-12-05T18:00:00.000Z" endsAt="2026-12-06T18:00:00.000Z" timeZone={timeZone} />
    </dl>,
  );
  return screen.getByText('Runs').nextElementSibling!.textContent;
};

describe('a contest runs', () => {
  it('names the zone once when its abbreviation is its name', () => {
    expect(runs('UTC')).toMatch(/\(UTC\)$/);
  });

  it('names the zone and its abbreviation otherwise', () => {
    expect(runs('Europe/Paris')).toMatch(/\(Europe\/Paris, GMT\+1\)$/);
  });
});
