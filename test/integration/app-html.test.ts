// /app.html is the home (spec 000 §2) on a first visit too, before any service worker answers it
// from its precache: the server gives the app's page, while other missing .html files stay 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('/app.html', () => {
  it('answers the app’s page, as / does', async () => {
    const home = await fetch(`${server.url}/app`);
    const res = await fetch(`${server.url}/app.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(await home.text());
  });

  it('leaves other missing pages and assets a real 404', async () => {
    expect((await fetch(`${server.url}/nothing-here.html`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/nothing-here.js`)).status).toBe(404);
  });
});
