import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, NavigationType, Outlet, type RouteObject, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageOrError } from './route-error.tsx';
import { matchesFor, Routed, useRouteHandle } from './routed.tsx';
import { ScrollKeeper, scrollTarget } from './scroll-keeper.tsx';

function Title() {
  return <h1>{useRouteHandle()?.title ?? 'no title'}</h1>;
}

function Broken(): never {
  throw new Error('this page fails');
}

function Shell() {
  return (
    <>
      <Title />
      <nav>
        <Link to="/a">to a</Link> <Link to="/broken">to broken</Link> <Link to="/b/7">to b</Link>
      </nav>
      <Outlet />
      <ScrollKeeper />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        element: <PageOrError />,
        children: [
          { path: '/a', handle: { name: 'a#show', title: 'Page A' }, element: <p>page a</p> },
          { path: '/b/:id', handle: { name: 'b#show', title: 'Page B' }, element: <p>page b</p> },
          { path: '/broken', handle: { name: 'broken', title: 'Broken' }, element: <Broken /> },
        ],
      },
    ],
  },
];

afterEach(() => vi.restoreAllMocks());

describe('Routed', () => {
  it('gives the page its handle, and the shell the innermost handle', () => {
    render(
      <MemoryRouter initialEntries={['/b/7']}>
        <Routed routes={routes} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Page B');
    expect(screen.getByText('page b')).toBeTruthy();
  });

  it('tells onMatch of each address as it is drawn', async () => {
    const names: string[] = [];
    const onMatch = (matches: readonly { route: RouteObject }[]) =>
      names.push((matches.at(-1)?.route.handle as { name: string }).name);
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routed routes={routes} onMatch={onMatch} />
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(screen.getByText('to b')));
    expect(names).toEqual(['a#show', 'b#show']);
  });

  it('keeps a failed page inside the shell, and draws the next page once the address changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routed routes={routes} />
      </MemoryRouter>,
    );
    // The shell's title and links are still there around the error.
    expect(screen.getByRole('heading', { name: 'Broken' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Internal server error' })).toBeTruthy();
    expect(screen.getByRole('navigation')).toBeTruthy();
    expect(screen.queryByText('page a')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('to a')));
    expect(screen.getByText('page a')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Internal server error' })).toBeNull();
  });

  it('matches an address once for every caller', () => {
    const first = matchesFor(routes, '/b/9');
    expect(matchesFor(routes, '/b/9')).toBe(first);
    expect(first.at(-1)?.params).toEqual({ id: '9' });
    expect(matchesFor(routes, '/a')).not.toBe(first);
  });
});

describe('scrollTarget', () => {
  const positions = new Map([['k1', 420]]);
  it.each([
    [NavigationType.Pop, { key: 'k1', hash: '' }, { y: 420 }],
    [NavigationType.Pop, { key: 'k2', hash: '' }, { y: 0 }],
    [NavigationType.Push, { key: 'k1', hash: '' }, { y: 0 }],
    [NavigationType.Replace, { key: 'k1', hash: '#total' }, { id: 'total' }],
    [NavigationType.Pop, { key: 'k1', hash: '#total' }, { y: 420 }],
    [NavigationType.Push, { key: 'k3', hash: '#caf%C3%A9' }, { id: 'café' }],
    [NavigationType.Push, { key: 'k3', hash: '#' }, { y: 0 }],
    // Not valid percent-encoding: the page starts at its top, nothing throws.
    [NavigationType.Push, { key: 'k3', hash: '#%E0%A4%A' }, { y: 0 }],
  ] as const)('%s to %o: %o', (action, location, target) => {
    expect(scrollTarget(action, location, positions)).toEqual(target);
  });

  it.each([
    [{ key: 'k1', hash: '' }, { y: 420 }],
    [{ key: 'default', hash: '' }, null],
    [{ key: 'default', hash: '#total' }, { id: 'total' }],
  ] as const)('the first page %o: %o', (location, target) => {
    expect(scrollTarget(NavigationType.Pop, location, positions, true)).toEqual(target);
  });
});

describe('ScrollKeeper', () => {
  function Pages() {
    const navigate = useNavigate();
    const [, redraw] = useState(0);
    return (
      <>
        <button onClick={() => void navigate('/next')}>next</button>
        <button onClick={() => void navigate(-1)}>back</button>
        <button onClick={() => redraw((n) => n + 1)}>redraw</button>
        <ScrollKeeper />
      </>
    );
  }

  it('starts a new page at the top, returns to where the page was on back, and leaves a redraw alone', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Pages />
      </MemoryRouter>,
    );
    // The first page is left where it is: a page rendered ahead may have been scrolled already.
    expect(scrollTo).not.toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1234 });
    fireEvent.scroll(window);
    await act(async () => fireEvent.click(screen.getByText('next')));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 15 });
    fireEvent.scroll(window);
    await act(async () => fireEvent.click(screen.getByText('back')));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
    scrollTo.mockClear();
    await act(async () => fireEvent.click(screen.getByText('redraw')));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
