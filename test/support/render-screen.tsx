// A screen as the app shows it: in the app's theme and a router, so links and navigation work.
// Where it navigates to is written on the page, for the test to read.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../src/app/app-providers.tsx';
import { Routed } from '../../src/app/routed.tsx';

function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>;
}

export function renderScreen(ui: ReactNode, { path = '/' }: { path?: string } = {}): RenderResult {
  const routes = [
    { path, element: ui },
    { path: '*', element: <Elsewhere /> },
  ];
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routed routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
}
