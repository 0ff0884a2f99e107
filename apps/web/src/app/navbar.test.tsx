import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppStateProvider } from '../features/auth/app-state';
import { AppNavbar } from './AppNavbar';

afterEach(cleanup);

function renderBar() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <AppStateProvider>
        <AppNavbar />
        <p>Outside the bar</p>
      </AppStateProvider>
    </MemoryRouter>,
  );
}

const menuLinks = () => screen.queryAllByRole('link').filter((link) => link.classList.contains('dropdown-item'));

it('opens the Support menu on click and closes it on a click elsewhere', async () => {
  renderBar();
  const toggle = screen.getByRole('button', { name: 'Support' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(menuLinks()).toHaveLength(0);

  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(menuLinks().map((link) => link.textContent)).toEqual(['Contact Us', 'Release Notes', 'FAQ', 'Support', 'Upcoming']);

  await userEvent.click(screen.getByText('Outside the bar'));
  expect(menuLinks()).toHaveLength(0);
});

it('works from the keyboard: arrows open and move through the menu, Escape closes it back on its button', async () => {
  renderBar();
  const toggle = screen.getByRole('button', { name: 'Support' });
  toggle.focus();
  await userEvent.keyboard('{ArrowDown}');
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(menuLinks()[0]).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(screen.getByRole('link', { name: 'FAQ' })).toHaveFocus();
  await userEvent.keyboard('{ArrowUp}');
  expect(screen.getByRole('link', { name: 'Release Notes' })).toHaveFocus();

  await userEvent.keyboard('{Escape}');
  expect(menuLinks()).toHaveLength(0);
  expect(toggle).toHaveFocus();
});

it('a choice closes the menu and the collapsed bar', async () => {
  renderBar();
  const toggler = screen.getByRole('button', { name: 'Toggle navigation' });
  await userEvent.click(toggler);
  expect(toggler).toHaveAttribute('aria-expanded', 'true');
  expect(document.getElementById('main-nav')).toHaveClass('show');

  await userEvent.click(screen.getByRole('button', { name: 'Support' }));
  await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
  expect(menuLinks()).toHaveLength(0);
  expect(toggler).toHaveAttribute('aria-expanded', 'false');
  expect(document.getElementById('main-nav')).not.toHaveClass('show');
});
