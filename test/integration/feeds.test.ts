// Change feeds through the door: each change and heartbeat arrives as it happens, `timeout` is
// honoured, and a feed whose caller loses access is cut (M1, M5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let group: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server.url);
  await confirmUser(server, owner);
  group = await createGroup(owner);
});
afterAll(() => server.stop());

/** An open feed read as it comes: its text so far, and a way to wait for a condition on it. */
function openFeed(url: string, cookie: string) {
  const controller = new AbortController();
  let text = '';
  let ended = false;
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const done = fetch(url, { headers: { cookie }, signal: controller.signal })
    .then(async (res) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        text += decoder.decode(value, { stream: true });
        notify();
      }
    })
    .catch(() => undefined)
    .finally(() => {
      ended = true;
      notify();
    });
  return {
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    /** Waits until `check` holds on what arrived (or the feed ended), at most `ms`. */
    async until(check: () => boolean, ms = 20_000): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!check() && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.max(0, deadline - Date.now()));
        });
      }
      return check();
    },
    close: () => controller.abort(),
    done,
  };
}

describe('continuous and long-poll feeds', () => {
  it('deliver each change and heartbeat as it comes', async () => {
    const feed = openFeed(
      `${server.url}/db/${group}/_changes?feed=continuous&since=now&heartbeat=1000`,
      owner.client.cookieHeader,
    );
    try {
      expect(await feed.until(() => feed.text.includes('\n'))).toBe(true);
      const id = `cus-${crypto.randomUUID()}`;
      expect((await owner.client.put(`/db/${group}/${id}`, { klass: 'Customer', name: 'Now' })).status).toBe(201);
      // One small change on its own is enough to arrive: nothing holds it back (no compression).
      expect(await feed.until(() => feed.text.includes(id))).toBe(true);
    } finally {
      feed.close();
    }
  });

  it('answer a long poll without changes after its timeout, with no results', async () => {
    const res = await owner.client.get<{ results: unknown[]; last_seq: unknown }>(
      `/db/${group}/_changes?feed=longpoll&since=now&timeout=1000`,
    );
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.last_seq).toBeDefined();
  });

  it('answer a long poll as soon as a change comes', async () => {
    const feed = openFeed(
      `${server.url}/db/${group}/_changes?feed=longpoll&since=now&timeout=30000`,
      owner.client.cookieHeader,
    );
    const id = `cus-${crypto.randomUUID()}`;
    await owner.client.put(`/db/${group}/${id}`, { klass: 'Customer', name: 'Soon' });
    expect(await feed.until(() => feed.ended)).toBe(true);
    expect(JSON.parse(feed.text)).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id })]) });
  });

  it('end a continuous feed without heartbeat after `timeout` ms without changes', async () => {
    const feed = openFeed(
      `${server.url}/db/${group}/_changes?feed=continuous&since=now&timeout=1000`,
      owner.client.cookieHeader,
    );
    expect(await feed.until(() => feed.ended)).toBe(true);
    expect(feed.text.trim().split('\n').at(-1)).toMatch(/^\{"last_seq":/);
  });
});

describe('a member removed while a feed is open (M1)', () => {
  it('has the feed cut at once, and receives none of the records written after', async () => {
    const member = await addMember(server, owner, group);
    const feed = openFeed(
      `${server.url}/db/${group}/_changes?feed=continuous&since=now&include_docs=true&heartbeat=1000`,
      member.client.cookieHeader,
    );
    try {
      expect(await feed.until(() => feed.text.includes('\n'))).toBe(true);
      const membership = await owner.client.get<{ _rev: string }>(`/db/${group}/${member.membershipId}`);
      expect(
        (await owner.client.delete(`/db/${group}/${member.membershipId}?rev=${membership.body._rev}`)).status,
      ).toBe(200);
      // The cut comes from the user document's change, not from a timer.
      expect(await feed.until(() => feed.ended, 5_000)).toBe(true);
      const secret = `cus-${crypto.randomUUID()}`;
      await owner.client.put(`/db/${group}/${secret}`, { klass: 'Customer', name: 'After removal' });
      expect(feed.text).not.toContain(secret);
      expect((await member.client.get(`/db/${group}/_changes`)).status).toBe(403);
    } finally {
      feed.close();
    }
  });
});
