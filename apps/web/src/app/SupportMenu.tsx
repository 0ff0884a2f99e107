import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

const items = [
  { to: '/contact', label: 'Contact Us' },
  { to: '/releaseNotes', label: 'Release Notes' },
  { to: '/faq', label: 'FAQ' },
  { to: '/support', label: 'Support' },
  { to: '/upcoming', label: 'Upcoming' },
];

/**
 * The bar's 'Support' menu in Bootstrap's dropdown markup: opens on click or the arrow keys,
 * closes on Escape, on a click elsewhere and on a choice.
 */
export function SupportMenu({ onSelect }: { onSelect: () => void }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, [open]);

  const focusItem = (step: number) => {
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-item') ?? [])];
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = current === -1 ? (step > 0 ? 0 : links.length - 1) : Math.min(Math.max(current + step, 0), links.length - 1);
    links[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (open) focusItem(step);
      else {
        setOpen(true);
        requestAnimationFrame(() => focusItem(step));
      }
    }
  };

  const choose = () => {
    setOpen(false);
    onSelect();
  };

  return (
    <div ref={root} className={`nav-item dropdown${open ? ' show' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        id="support-dropdown"
        type="button"
        className={`dropdown-toggle nav-link${open ? ' show' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        Support
      </button>
      {open && (
        <div aria-labelledby="support-dropdown" data-bs-popper="static" className="dropdown-menu show">
          {items.map((item) => (
            <Link key={item.to} className="dropdown-item" to={item.to} onClick={choose}>
              {item.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
