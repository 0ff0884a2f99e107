import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DescriptionText } from './components/DescriptionText';
import { linkParts, ordinal } from './linkify';

describe('linkParts', () => {
  it.each([
    ['no links here', [{ kind: 'text', text: 'no links here' }]],
    [
      'Lobby: https://example.com/a?b=1&c=2. Bring snacks',
      [
        { kind: 'text', text: 'Lobby: ' },
        { kind: 'link', text: 'https://example.com/a?b=1&c=2', href: 'https://example.com/a?b=1&c=2' },
        { kind: 'text', text: '. Bring snacks' },
      ],
    ],
    [
      '(see http://x.org)',
      [
        { kind: 'text', text: '(see ' },
        { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
        { kind: 'text', text: ')' },
      ],
    ],
    ['javascript:alert(1) and ftp://files.example.com', [{ kind: 'text', text: 'javascript:alert(1) and ftp://files.example.com' }]],
  ] as const)('%s', (text, parts) => expect(linkParts(text)).toEqual(parts));
});

describe('DescriptionText', () => {
  it('renders markup as text and only http(s) links as anchors that open safely', () => {
    const { container } = render(<DescriptionText text={'<img src=x onerror=alert(1)> https://discord.gg/abc\njavascript:alert(1)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://discord.gg/abc');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveAttribute('target', '_blank');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
    [111, '111th'],
  ] as const)('%i -> %s', (n, text) => expect(ordinal(n)).toBe(text));
});
