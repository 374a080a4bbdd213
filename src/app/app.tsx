import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { Routed } from './routed.tsx';
import { nameRoute, ROUTES } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <Routed routes={ROUTES} onMatch={nameRoute} />
      </BrowserRouter>
    </AppProviders>
  );
}
