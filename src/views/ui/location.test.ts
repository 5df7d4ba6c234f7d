import { describe, expect, it } from 'vitest';
import { currentLocation, loginPathFor } from './location';

describe('locations', () => {
  it('keeps path, query and hash of where the user is, for the way back after signing in', () => {
    window.history.replaceState(null, '', '/chat-history?filter=2#top');
    expect(currentLocation()).toBe('/chat-history?filter=2#top');
    expect(loginPathFor(currentLocation())).toBe('/login?redirect=%2Fchat-history%3Ffilter%3D2%23top');
  });
});
