import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND, navRoutes, ROUTES, routeFor, routePattern } from './routeTable';

const SCREENS = [...ROUTES, { path: '*', ...NOT_FOUND }];

describe('the route table', () => {
  // Transforming the screens takes what the machine takes; no test times that (no time limit: 0).
  beforeAll(() => Promise.all(SCREENS.map((route) => route.load())), 0);

  it.each(SCREENS)("$path: loads the screen its 'screen' names", async (route) => {
    const name = route.screen.split('/').at(-1) as string;
    const module: Record<string, unknown> = await import(/* @vite-ignore */ `/src/${route.screen}.tsx`);
    expect(await route.load()).toBe(module[name]);
  });

  it('lists the sidebar in the spec order, the admin page for admins only', () => {
    const paths = (admin: boolean) => navRoutes(admin).map((route) => route.path);
    expect(paths(true)).toEqual([
      '/',
      '/bot-settings',
      '/bind-whatsapp',
      '/chat-history',
      '/usage-billing',
      '/membership-management',
    ]);
    expect(paths(false)).toEqual(paths(true).slice(0, -1));
  });

  it('finds a route with or without a trailing slash, and nothing for an unknown path', () => {
    expect(routeFor('/chat-history/')?.path).toBe('/chat-history');
    expect(routeFor('/')?.path).toBe('/');
    expect(routeFor('/nowhere')).toBeUndefined();
  });

  it('gives a deeper address to the route that owns it, and to no other', () => {
    expect(routeFor('/chat-history/sess-1')?.path).toBe('/chat-history');
    expect(routeFor('/chat-history/sess-1/')?.path).toBe('/chat-history');
    expect(routeFor('/bot-settings/bot-ava')?.path).toBe('/bot-settings');
    expect(routeFor('/chat-history/a/b')).toBeUndefined();
    expect(routeFor('/usage-billing/x')).toBeUndefined();
    expect(routeFor('/nowhere/x')).toBeUndefined();
  });

  it('matches the router on the path and the segment the route owns', () => {
    expect(routePattern({ path: '/chat-history', param: 'sessionId' })).toBe('/chat-history/:sessionId?');
    expect(routePattern({ path: '/usage-billing' })).toBe('/usage-billing');
  });
});
