// The pages of the app (spec 000 §2 route table), each with its name, title and code.
import type { ComponentType } from 'react';
import { MODULE_PAGES, RESOURCE_SCREENS } from 'virtual:page-table';
import { pageLoader } from './module-pages.ts';
import type { RouteHandle } from './route-handle.ts';

export interface PageRoute {
  paths: string[];
  handle: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
  auth?: boolean;
  /** Under /account/:accountId: needs a session and the group loaded (requiresAccount). */
  group?: boolean;
}

// Spec 000 §2 route table; names are sent as X-Route-Name.
export const PAGES: PageRoute[] = [
  {
    paths: ['/', '/app', '/app.html'],
    handle: { name: 'home', title: 'home.title' },
    // Visitors see the public home page; signed-in users are sent on (spec 000 §2 redirect).
    load: () => import('./routes/home.tsx'),
  },
  {
    paths: ['/user/login'],
    handle: { name: 'user#login', title: 'login.title' },
    load: () => import('./routes/user-login.tsx'),
  },
  {
    paths: ['/user/register'],
    handle: { name: 'user#register', title: 'register.title' },
    load: () => import('./routes/user-register.tsx'),
  },
  {
    paths: ['/user/profile'],
    handle: { name: 'user#profile', title: 'profile.title' },
    load: () => import('./routes/user-profile.tsx'),
    auth: true,
  },
  {
    paths: ['/user/confirm/new'],
    handle: { name: 'confirm#new', title: 'confirmNew.title' },
    load: () => import('./routes/confirm-new.tsx'),
  },
  {
    paths: ['/user/confirm/:token'],
    handle: { name: 'confirm#new', title: 'confirmToken.title' },
    load: () => import('./routes/confirm-token.tsx'),
  },
  {
    paths: ['/user/password/new'],
    handle: { name: 'password#new', title: 'passwordNew.title' },
    load: () => import('./routes/password-new.tsx'),
  },
  {
    paths: ['/user/password/:token'],
    handle: { name: 'password#new', title: 'passwordReset.title' },
    load: () => import('./routes/password-token.tsx'),
  },
  {
    paths: ['/account/new'],
    handle: { name: 'account#new', title: 'accountNew.title' },
    load: () => import('./routes/account-new.tsx'),
    auth: true,
  },
  {
    paths: ['/account/:accountId'],
    handle: { name: 'dashboard', title: 'dashboard.title' },
    load: () => import('./routes/account-dashboard.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/admin'],
    handle: { name: 'admin', title: 'admin.title' },
    load: () => import('./routes/account-admin.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships'],
    handle: { name: 'memberships#index', title: 'memberships.title' },
    load: () => import('./routes/memberships-index.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/new'],
    handle: { name: 'memberships#new', title: 'memberships.new' },
    load: () => import('./routes/memberships-new.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/:recordId'],
    handle: { name: 'memberships#show', title: 'memberships.detail' },
    load: () => import('./routes/memberships-show.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/memberships/:recordId/edit'],
    handle: { name: 'memberships#edit', title: 'memberships.edit' },
    load: () => import('./routes/memberships-edit.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/users/:recordId'],
    handle: { name: 'users#show', title: 'memberships.detail' },
    load: () => import('./routes/memberships-show.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/groups'],
    handle: { name: 'accounts#groups', title: 'subGroups.title' },
    load: () => import('./routes/account-groups.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/billing'],
    handle: { name: 'subscription#billing', title: 'billing.title' },
    load: () => import('./routes/billing.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/usage'],
    handle: { name: 'subscription#usage', title: 'usage.title' },
    load: () => import('./routes/usage.tsx'),
    group: true,
  },
  {
    paths: ['/account/:accountId/checkout/:priceId'],
    handle: { name: 'subscription#checkout', title: 'checkout.title' },
    load: () => import('./routes/checkout-price.tsx'),
    group: true,
  },
  {
    paths: ['/checkout'],
    handle: { name: 'checkout', title: 'checkout.title' },
    load: () => import('./routes/checkout.tsx'),
    auth: true,
  },
  {
    // Public placeholders (spec 000 §2), the group's one too: no session, no group loaded.
    paths: ['/noop', '/account/:accountId/noop'],
    handle: { name: 'noop', title: 'placeholders.noopTitle' },
    load: () => import('./routes/noop.tsx'),
  },
  // Reports and backups' placeholder, hidden in production builds (spec 000 §2).
  ...(import.meta.env.DEV
    ? [
        {
          paths: ['/account/:accountId/adminnoop'],
          handle: { name: 'adminnoop', title: 'placeholders.adminnoopTitle' },
          load: () => import('./routes/account-adminnoop.tsx'),
          group: true,
        },
      ]
    : []),
  {
    paths: ['/icons'],
    handle: { name: 'icons', title: 'placeholders.iconsTitle' },
    load: () => import('./routes/icons.tsx'),
  },
  ...MODULE_PAGES.map(modulePage),
  ...RESOURCE_SCREENS.flatMap(resourcePages),
  {
    // Group screens of later issues: not found, inside the group's shell.
    paths: ['/account/:accountId/*'],
    handle: { name: 'not_found', title: 'errorTitles.not_found' },
    load: () => import('./routes/not-found.tsx'),
    group: true,
  },
  {
    paths: ['/errors/:code'],
    handle: { name: 'errors#show', title: 'errorTitles.undefined_error' },
    load: () => import('./routes/error.tsx'),
  },
  {
    paths: ['*'],
    handle: { name: 'not_found', title: 'errorTitles.not_found' },
    load: () => import('./routes/not-found.tsx'),
  },
];

/** A module's own page (a board, a print page), with what the group's screens have. */
function modulePage(page: (typeof MODULE_PAGES)[number]): PageRoute {
  return {
    paths: [`/account/:accountId/${page.path}`],
    handle: { name: page.name, title: page.title },
    // The modules' screens load with the page, not with the app.
    load: async () => {
      // A page that shows a record gets the modules' parts of it, loaded only for such a page.
      const [{ ModulePage }, { default: Page }, parts] = await Promise.all([
        import('./module-page.tsx'),
        pageLoader(page, page)(),
        page.recordParts ? import('./record-modules.ts').then((m) => m.RECORD_MODULES[page.recordParts!]) : undefined,
      ]);
      return { default: () => <ModulePage page={Page} parts={parts} /> };
    },
    group: true,
  };
}

/** The generic screens of each described resource (spec 001 §2): index, new, show, edit. */
function resourcePages({ resource, screens }: (typeof RESOURCE_SCREENS)[number]): PageRoute[] {
  const base = `/account/:accountId/${resource}`;
  const page = (path: string, action: string, title: string, load: PageRoute['load']): PageRoute => ({
    paths: [path],
    handle: { name: `${resource}#${action}`, title, resource },
    load,
    group: true,
  });
  const all = {
    index: page(base, 'index', `records.${resource}.title`, () => import('./routes/resource-index.tsx')),
    new: page(`${base}/new`, 'new', `records.${resource}.new`, () => import('./routes/resource-form.tsx')),
    show: page(`${base}/:recordId`, 'show', `records.${resource}.one`, () => import('./routes/resource-show.tsx')),
    edit: page(
      `${base}/:recordId/edit`,
      'edit',
      `records.${resource}.edit`,
      () => import('./routes/resource-form.tsx'),
    ),
  };
  // In this order: `new` before `:recordId`.
  return (['index', 'new', 'show', 'edit'] as const).filter((s) => !screens || screens.includes(s)).map((s) => all[s]);
}
