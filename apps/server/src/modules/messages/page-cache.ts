import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { cachePerBus } from '../../lib/event-bus.js';
import { TopicCache, type Shows } from '../../lib/topic-cache.js';
import { sendSerialized } from '../../plugins/serializer.js';

const gzipAsync = promisify(gzip);

/** What the kept pages of an instance may weigh together (bodies and their gzipped copies). */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** Bodies smaller than this go out as they are (as app.ts's compression threshold). */
const GZIP_THRESHOLD = 1024;

/** An answered page: its serialized response, and its gzipped copy once a client accepted gzip. */
export interface CachedPage {
  body: string;
  gzipped?: Buffer;
}

/**
 * The chat's answered pages, per instance, keyed by their ETag (which names the viewer, the topic, the
 * query and the topic's state): a first page read without a validator — entering a chat, a new message —
 * and a poll that must answer both come from memory until the bus announces a change to the topic or to
 * someone the page shows (lib/topic-cache.ts). Bounded by bytes, the least recently used dropped first;
 * the gzipped body is kept beside the text so a page is compressed once, not on every read.
 */
export class PageCache {
  private readonly cache: TopicCache<CachedPage>;

  constructor(epoch?: () => number, maxBytes = MAX_PAGE_BYTES) {
    this.cache = new TopicCache({ maxWeight: maxBytes, weigh: (page) => page.body.length + (page.gzipped?.length ?? 0), epoch });
  }

  get(etag: string) {
    return this.cache.get(etag);
  }

  keep(etag: string, page: CachedPage, shows: Shows, startedMs: number) {
    return this.cache.set(etag, page, shows, startedMs);
  }

  /** The page's gzipped body, compressed on first use (off the event loop) and kept beside it. */
  async gzippedOf(etag: string, page: CachedPage): Promise<Buffer> {
    if (page.gzipped) return page.gzipped;
    const gzipped = await gzipAsync(page.body);
    if (!page.gzipped) {
      page.gzipped = gzipped;
      this.cache.grow(etag, gzipped.length);
    }
    return gzipped;
  }

  apply(...args: Parameters<TopicCache<CachedPage>['apply']>) {
    this.cache.apply(...args);
  }

  get size() {
    return this.cache.size;
  }

  get bytes() {
    return this.cache.totalWeight;
  }
}

/** The instance's page cache, listening to invalidations. */
export const pageCacheOf = cachePerBus((epoch) => new PageCache(epoch));

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not refused with q=0). */
function acceptsGzip(request: FastifyRequest) {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q) > 0);
  });
}

/** Sends a kept page: gzipped from memory when the client takes it and the page is worth it, else its text. */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, cache: PageCache, etag: string, page: CachedPage) {
  reply.header('vary', 'accept-encoding');
  if (page.body.length < GZIP_THRESHOLD || !acceptsGzip(request)) return sendSerialized(reply, page.body);
  const gzipped = await cache.gzippedOf(etag, page);
  return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped);
}
