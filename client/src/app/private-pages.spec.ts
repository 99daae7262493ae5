import { describe, expect, it } from '@jest/globals';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router-dom';

const { routes } = await import('./router');
const { PrivateRoute } = await import('./guard');
const { isPrivatePage } = await import('../api/early-refresh');

interface Page {
  path: string;
  guarded: boolean;
}

/** Every page of the route table, with an example address and whether a private guard stands above it. */
function pagesOf(list: RouteObject[], parent = '', guarded = false): Page[] {
  return list.flatMap((route) => {
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const behindGuard = guarded || (isValidElement(route.element) && route.element.type === PrivateRoute);
    const here: Page[] =
      route.index || (route.path && !route.children)
        ? [{ path: path.replace(/:\w+/g, 'x1').replace('*', 'no-such-page') || '/', guarded: behindGuard }]
        : [];
    return [...here, ...pagesOf(route.children ?? [], path, behindGuard)];
  });
}

describe('the private pages the session is asked for at once', () => {
  const pages = pagesOf(routes);

  it('are the pages behind a private guard of the route table, and only those', () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) expect({ ...page, guarded: isPrivatePage(page.path) }).toEqual(page);
  });

  it('include the upload page and the dashboard, not the home or sign-in pages', () => {
    expect(isPrivatePage('/form/abc/')).toBe(true);
    expect(isPrivatePage('/dashboard')).toBe(true);
    expect(isPrivatePage('/')).toBe(false);
    expect(isPrivatePage('/auth')).toBe(false);
    expect(isPrivatePage('/formal')).toBe(false);
  });
});
