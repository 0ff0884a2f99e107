import { describe, expect, it } from 'vitest';
import { lobbyUrl } from './game-state';

describe('lobby links', () => {
  it('open as links when they are web or Steam addresses', () => {
    expect(lobbyUrl('https://lobby.example.com/join/42')).toBe('https://lobby.example.com/join/42');
    expect(lobbyUrl(' steam://joinlobby/289070/109775241021923456/76561197960287930 ')).toBe(
      'steam://joinlobby/289070/109775241021923456/76561197960287930',
    );
  });

  it('stay text when they are a code or another kind of address', () => {
    expect(lobbyUrl('ABCD-1234')).toBeNull();
    expect(lobbyUrl('javascript:alert(1)')).toBeNull();
    expect(lobbyUrl('file:///etc/passwd')).toBeNull();
  });
});
