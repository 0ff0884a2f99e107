import { cleanup, render, screen, within } from '@testing-library/react';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, createRoutesFromElements, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORTED_GAMES } from '@smm/shared/games/catalogue';
import { PRODUCT_FEATURES, type ProductFeature } from '../features/info/catalogue';
import FaqPage from '../features/info/FaqPage';
import ReleaseNotesPage from '../features/info/ReleaseNotesPage';
import SupportPage from '../features/info/SupportPage';
import UpcomingPage from '../features/info/UpcomingPage';
import { AppRoutes } from './routes';

/** Every path the app routes, nested paths joined to their parents' ('/civGroup/members'). */
function routedPaths(): Set<string> {
  const routes = (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children;
  const paths = new Set<string>();
  const walk = (objects: RouteObject[], parent: string) => {
    for (const route of objects) {
      const path =
        route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      if (route.path !== undefined && route.path !== '*') paths.add(path);
      walk(route.children ?? [], path);
    }
  };
  walk(createRoutesFromElements(routes), '');
  return paths;
}

/** What the routes test says about a catalogue: each feature routed as its state claims. */
function misplaced(features: readonly ProductFeature[], routed: Set<string>): string[] {
  return features.flatMap((feature) =>
    feature.routes
      .filter((route) => (feature.state === 'Available' ? !routed.has(route) : routed.has(route)))
      .map((route) =>
        feature.state === 'Available'
          ? `${feature.id} is Available but ${route} is not routed`
          : `${feature.id} is Planned but ${route} is routed`,
      ),
  );
}

describe('the product feature catalogue and the routes', () => {
  const routed = routedPaths();

  it('reads the app’s routes', () => {
    expect(isValidElement(AppRoutes())).toBe(true);
    for (const path of ['/upcoming', '/invite', '/civGroup/members', '/runeScapeClan/stats', '/dotaGroup/events'])
      expect(routed).toContain(path);
  });

  it('an Available feature lives on routed pages; a Planned one claims no page that exists', () => {
    expect(misplaced(PRODUCT_FEATURES, routed)).toEqual([]);
  });

  it('fails when a routed feature is listed as Planned, or a Planned one claims an existing route', () => {
    const events = PRODUCT_FEATURES.find((feature) => feature.id === 'events')!;
    expect(misplaced([{ ...events, state: 'Planned', release: undefined }], routed)).toEqual([
      'events is Planned but /civGroup/events is routed',
      'events is Planned but /runeScapeClan/events is routed',
      'events is Planned but /dotaGroup/events is routed',
    ]);
    expect(misplaced([{ id: 'x', title: 'X', state: 'Planned', routes: ['/upcoming'] }], routed)).toEqual([
      'x is Planned but /upcoming is routed',
    ]);
    expect(misplaced([{ id: 'y', title: 'Y', state: 'Available', routes: ['/nowhere'] }], routed)).toEqual([
      'y is Available but /nowhere is not routed',
    ]);
  });

  it('ids are unique, and every Available feature names its release', () => {
    expect(new Set(PRODUCT_FEATURES.map((feature) => feature.id)).size).toBe(PRODUCT_FEATURES.length);
    expect(PRODUCT_FEATURES.filter((feature) => feature.state === 'Available' && !feature.release).map((feature) => feature.id)).toEqual(
      [],
    );
  });
});

describe('the info pages read the catalogue', () => {
  afterEach(cleanup);
  const renderPage = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);

  it('/upcoming: a table of item and state, one row per feature', () => {
    renderPage(<UpcomingPage />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'State']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual(PRODUCT_FEATURES.map((feature) => [feature.title, feature.state]));
    expect(within(table).getByRole('row', { name: /RuneScape clan bingo.* Available/ })).toBeInTheDocument();
  });

  it('/support: the supported games, each with the features of its group area', () => {
    renderPage(<SupportPage />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SUPPORTED_GAMES.length);
    const civ = rows.find((row) => row.textContent?.startsWith('Civilization 6'))!;
    expect(civ).toHaveTextContent(/rankings with skill ratings/);
    const dota = rows.find((row) => row.textContent?.startsWith('Dota 2'))!;
    expect(dota).not.toHaveTextContent(/rankings/);
    expect(dota).toHaveTextContent(/events/);
  });

  it('/releaseNotes and /faq name what is planned from the catalogue', () => {
    const planned = PRODUCT_FEATURES.filter((feature) => feature.state === 'Planned').map((feature) => feature.title);
    renderPage(<ReleaseNotesPage />);
    for (const title of planned) expect(screen.getByText(new RegExp(`Planned next:.*${title.replace(/[()]/g, '.')}`))).toBeInTheDocument();
    // With nothing planned the line says so rather than ending in an empty list.
    if (planned.length === 0) expect(screen.getByText(/^Planned next: nothing announced yet\./)).toBeInTheDocument();
    expect(screen.getByText(/Features this release brought: .*Editing and deleting your own comments/)).toBeInTheDocument();
    renderPage(<FaqPage />);
    expect(screen.getByText(new RegExp(`^Planned: ${planned[0] ?? 'nothing announced yet'}`))).toBeInTheDocument();
  });
});
