import { describe, expect, it } from 'vitest';
import { servedByApp } from '../../sw/navigation.ts';

describe('service worker navigations', () => {
  it('serves the app routes from the precached index.html', () => {
    for (const path of ['/', '/app', '/app.html', '/user/login', '/user/profile', '/account/new']) {
      expect(servedByApp(path), path).toBe(true);
    }
  });

  it('leaves the server and the static pages to the network', () => {
    for (const path of [
      '/db',
      '/db/',
      '/db/_session',
      '/api/tokens',
      '/terms-and-conditions.html',
      '/privacy-policy.html',
      // The e-mails' signed links: pages the server draws for a visitor with no session.
      '/unsubscribe/usr-1.weekly_summary.sig',
      '/email-preferences/usr-1.sig',
    ]) {
      expect(servedByApp(path), path).toBe(false);
    }
  });
});
