import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast, withToast } from './toasts';

describe('toasts', () => {
  it('keep one toast per kind: the latest words, a count, a fresh timer', () => {
    let toasts = withToast([], { title: 'Success!', body: 'Saved your ban: Gandhi', variant: 'success' });
    const first = toasts[0]!.id;
    toasts = withToast(toasts, { title: 'Success!', body: 'Saved your ban: Gorgo', variant: 'success' });
    toasts = withToast(toasts, { title: 'Error!', body: 'Too many bans', variant: 'danger' });
    toasts = withToast(toasts, { title: 'Success!', body: 'Saved your ban: Cyrus', variant: 'success' });
    expect(toasts.map(({ title, body, count }) => ({ title, body, count }))).toEqual([
      { title: 'Success!', body: 'Saved your ban: Cyrus', count: 3 },
      { title: 'Error!', body: 'Too many bans', count: 1 },
    ]);
    // A new id restarts the toast's timer.
    expect(toasts[0]!.id).not.toBe(first);
  });

  it('seven fast saves show one toast marked ×7', () => {
    let show: ReturnType<typeof useToast> = () => undefined;
    function Saver() {
      show = useToast();
      return null;
    }
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    act(() => {
      for (let i = 1; i <= 7; i += 1) show({ title: 'Success!', body: `Saved map ${i}`, variant: 'success' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('×7');
    expect(screen.getByRole('status')).toHaveTextContent('Saved map 7');
  });
});
