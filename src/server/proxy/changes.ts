// Live change feeds (`feed=longpoll` and `feed=continuous`) through the door. The store streams
// them uncompressed (couch-client asks for identity), so each change and heartbeat reaches the
// client as it comes. The embedded store ignores `timeout`, so it is kept here, as CouchDB
// defines it: a long poll without heartbeat answers after `timeout` ms (60 s by default) with no
// results; a continuous feed without heartbeat ends after `timeout` ms without changes. Every open
// feed is registered, so it is cut as soon as its caller loses access (open-feeds.ts).
import type { Response } from 'express';
import type { AppContext } from '../context.ts';
import { callStore, relay } from './forward.ts';
import type { OpenFeeds } from './open-feeds.ts';

export const DEFAULT_FEED_TIMEOUT_MS = 60_000;

export interface LiveFeedRequest {
  db: string;
  path: string;
  params: URLSearchParams;
  json?: unknown;
  userId: string;
  stillAllowed: () => Promise<boolean>;
}

/** Replaces `since=now` with the database's current sequence, so an answer we write ourselves can name it. */
async function resolveSince(
  ctx: AppContext,
  db: string,
  params: URLSearchParams,
  signal: AbortSignal,
): Promise<string> {
  const since = params.get('since');
  if (since && since !== 'now') return since;
  if (!since && params.get('descending') !== 'true') return '0';
  const info = await ctx.store.must<{ update_seq: unknown }>(`/${encodeURIComponent(db)}`, { signal });
  return typeof info.update_seq === 'string' ? info.update_seq : JSON.stringify(info.update_seq);
}

/**
 * When a feed without heartbeat answers by itself: a long poll `timeout` ms after it began, a
 * continuous feed `timeout` ms after its last change. Armed before the store answers at all (it
 * sends nothing, not even headers, until its first line).
 */
class FeedClock {
  private timer: NodeJS.Timeout | null = null;
  private readonly ms: number | null;
  private readonly onTimeout: () => void;
  constructor(ms: number | null, onTimeout: () => void) {
    this.ms = ms;
    this.onTimeout = onTimeout;
  }

  arm(): void {
    if (this.ms === null) return;
    this.stop();
    this.timer = setTimeout(this.onTimeout, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

export async function proxyLiveFeed(
  ctx: AppContext,
  feeds: OpenFeeds,
  res: Response,
  feed: 'longpoll' | 'continuous',
  request: LiveFeedRequest,
): Promise<void> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  res.on('close', abort);
  let cut = false;
  const unregister = feeds.add({
    userId: request.userId,
    stillAllowed: request.stillAllowed,
    cut: () => {
      cut = true;
      abort();
      res.destroy();
    },
  });
  const state: FeedState = { feed, lastSeq: '', forwarded: '', partialLine: '', finishedByUs: false };
  let clock: FeedClock | null = null;
  try {
    const since = await resolveSince(ctx, request.db, request.params, controller.signal);
    state.lastSeq = since;
    const params = new URLSearchParams(request.params);
    params.set('since', since);
    const timeout = params.has('heartbeat') ? null : Number(params.get('timeout') ?? DEFAULT_FEED_TIMEOUT_MS);
    // The store does not honour it; we do. Dropped so its meaning stays ours alone.
    params.delete('timeout');
    clock = new FeedClock(timeout, () => finishIfQuiet(res, state, abort));
    clock.arm();
    const upstream = await callStore(ctx, {
      method: request.json === undefined ? 'GET' : 'POST',
      path: request.path,
      params,
      json: request.json,
      signal: controller.signal,
    });
    if (cut || state.finishedByUs) return;
    if (upstream.status >= 400 || !upstream.body) {
      clock.stop();
      return await relay(res, upstream, { method: 'GET', path: request.path });
    }
    startResponse(res);
    await streamFeed(res, upstream.body, state, clock);
  } catch (error) {
    if (cut || state.finishedByUs || controller.signal.aborted) return;
    throw error;
  } finally {
    clock?.stop();
    unregister();
    res.off('close', abort);
  }
}

interface FeedState {
  feed: 'longpoll' | 'continuous';
  lastSeq: string;
  /** The start of what was forwarded, as far as an ending we write ourselves cares. */
  forwarded: string;
  partialLine: string;
  finishedByUs: boolean;
}

function startResponse(res: Response): void {
  if (res.headersSent) return;
  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  // Node must not buffer: headers now, each chunk as it comes.
  res.flushHeaders();
}

/** The clock ran out: answer as CouchDB would, unless a change is on its way (then the store finishes). */
function finishIfQuiet(res: Response, state: FeedState, abort: () => void): void {
  if (res.writableEnded) return;
  let ending: string;
  if (state.feed === 'longpoll') {
    const after = state.forwarded.replace(/\s/g, '');
    if (after !== '' && after !== '{"results":[') return;
    ending = `${after === '' ? '{"results":[' : ''}\n],\n"last_seq":${JSON.stringify(state.lastSeq)}}\n`;
  } else {
    if (state.partialLine !== '') return;
    ending = `{"last_seq":${JSON.stringify(state.lastSeq)}}\n`;
  }
  state.finishedByUs = true;
  abort();
  startResponse(res);
  res.end(ending);
}

/** Waits for the client to take what was written, or to leave. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

async function streamFeed(res: Response, body: ReadableStream<Uint8Array>, state: FeedState, clock: FeedClock) {
  const decoder = new TextDecoder();
  const stream = body.getReader();
  try {
    for (;;) {
      const { value, done } = await stream.read();
      if (done || state.finishedByUs) break;
      const chunk = decoder.decode(value, { stream: true });
      if (state.feed === 'longpoll') {
        if (state.forwarded.length < 64) state.forwarded += chunk;
      } else {
        // Continuous: one JSON object per line; note the last sequence and restart the idle clock.
        const lines = (state.partialLine + chunk).split('\n');
        state.partialLine = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue;
          try {
            const change = JSON.parse(line) as { seq?: unknown };
            if (change.seq !== undefined)
              state.lastSeq = typeof change.seq === 'string' ? change.seq : JSON.stringify(change.seq);
          } catch {
            // Not ours to judge: forwarded as it came.
          }
          clock.arm();
        }
      }
      if (!res.write(value)) await drained(res);
    }
    if (!state.finishedByUs && !res.writableEnded) res.end();
  } catch {
    if (!state.finishedByUs) res.destroy();
  } finally {
    stream.cancel().catch(() => undefined);
  }
}
