// Imported first by main.tsx. Modules run in import order, and i18n.ts waits for the texts at its
// top level, holding main.tsx's own code back: starting the session's reads here (the session,
// then the user and their language) lets them travel while the texts and the code still load.
// First: a launch at the start address moves to the page it leads to before anything reads it.
import './landing.ts';
import { prefetchSession } from '../features/accounts/load-session.ts';
import { askGroupReadsEarly } from '../features/groups/api/group-reads.ts';

prefetchSession();
askGroupReadsEarly(window.location.pathname);
