// The queue's sending as two tabs of one device run it, and while a photo is added mid-sending.
import '../../../test/support/browser-globals.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What reached the server, across the module instances (tabs) of a test; each sending waits
// until the test lets it through.
const server = vi.hoisted(() => ({
  sent: [] as string[],
  gates: [] as Array<() => void>,
  // Files whose sending the network cuts.
  cut: new Set<string>(),
}));

vi.mock('./api/files.ts', () => ({
  uploadTarget: (db: string, name: string) => ({
    method: 'POST',
    path: `/api/groups/${db}/disk/files`,
    query: { name },
  }),
  sendUpload: async (target: { query: Record<string, string> }) => {
    const name = target.query.name!;
    const { networkError } = await import('../../data/api-error.ts');
    return new Promise((resolve, reject) => {
      server.sent.push(name);
      server.gates.push(() =>
        server.cut.has(name) ? reject(networkError()) : resolve({ ok: true, id: `fle-${name}`, rev: '1-a' }),
      );
    });
  },
  sendThumbnail: () => Promise.resolve({ ok: true }),
}));
vi.mock('./resize-photo.ts', () => ({ makeThumbnail: () => Promise.resolve(null) }));

/** The Web Locks API as browsers give it to the tabs of one origin: one holder per name. */
function sharedLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: (name: string, work: () => Promise<unknown>) => {
      const run = (tails.get(name) ?? Promise.resolve()).then(work);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A tab: its own modules (stores, queue reader), the device's IndexedDB and locks shared. */
async function openTab() {
  vi.resetModules();
  const { useSyncStore } = await import('../../data/sync-store.ts');
  useSyncStore.getState().setOnline(true);
  const transfers = await import('./transfer-store.ts');
  const queue = await import('../../data/device-files.ts');
  return { ...transfers, ...queue };
}

const file = (name: string) => new File([name], name, { type: 'application/pdf' });

/** Lets every sending asked for so far through, until `count` have been sent. */
async function letThrough(count: number) {
  await vi.waitFor(() => expect(server.sent.length).toBeGreaterThanOrEqual(count));
  for (const open of server.gates.splice(0)) open();
}

afterEach(() => {
  vi.unstubAllGlobals();
  server.sent = [];
  server.gates = [];
  server.cut.clear();
});

describe('sending what waits on the device', () => {
  it('sends each file once when two tabs send the queue at the same time', async () => {
    vi.stubGlobal('navigator', { onLine: true, locks: sharedLocks() });
    const db = `acc-${crypto.randomUUID()}`;
    const first = await openTab();
    const second = await openTab();
    await first.uploadFiles(db, [file('a.pdf'), file('b.pdf')], null, { keep: true });
    const both = Promise.all([first.sendWaiting(db), second.sendWaiting(db)]);
    await letThrough(1);
    await letThrough(2);
    await both;
    expect(server.sent).toEqual(['a.pdf', 'b.pdf']);
    expect(await first.queuedUploads(db)).toEqual([]);
  });

  it('sends a file queued while the queue is being sent, without waiting for another try', async () => {
    const db = `acc-${crypto.randomUUID()}`;
    const tab = await openTab();
    await tab.uploadFiles(db, [file('first.pdf')], null, { keep: true });
    const sending = tab.sendWaiting(db);
    await vi.waitFor(() => expect(server.sent).toEqual(['first.pdf']));
    // A photo taken meanwhile: its own call finds the queue being sent.
    await tab.uploadFiles(db, [file('meanwhile.pdf')], null, { keep: true });
    await tab.sendWaiting(db);
    await letThrough(1);
    await letThrough(2);
    await sending;
    expect(server.sent).toEqual(['first.pdf', 'meanwhile.pdf']);
    expect(await tab.queuedUploads(db)).toEqual([]);
  });

  it('does not try a file the network cut again because a second screen asked meanwhile', async () => {
    const db = `acc-${crypto.randomUUID()}`;
    const tab = await openTab();
    server.cut.add('cut.pdf');
    await tab.uploadFiles(db, [file('cut.pdf')], null, { keep: true });
    const sending = tab.sendWaiting(db);
    await vi.waitFor(() => expect(server.sent).toEqual(['cut.pdf']));
    // The disk's group-wide sender and a screen's, at the same sync.
    await tab.sendWaiting(db);
    await letThrough(1);
    await sending;
    expect(server.sent).toEqual(['cut.pdf']);
    // It waits on the device for the next try.
    expect((await tab.queuedUploads(db)).map((q) => q.meta.name)).toEqual(['cut.pdf']);
  });
});
