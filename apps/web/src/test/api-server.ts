import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 standing in for the API in web unit tests. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string | string[]>;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Close the connection without an answer: the request was handled, its answer is lost (a network cut). */
  drop?: boolean;
  /** Answer this much later (one response arriving after another). */
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Reply | undefined;

export interface TestApi {
  origin: string;
  requests: RecordedRequest[];
  handle: (method: string, path: string, reply: Reply | ((request: RecordedRequest) => Reply)) => void;
  close: () => Promise<void>;
}

export async function startTestApi(): Promise<TestApi> {
  const routes = new Map<string, Reply | ((request: RecordedRequest) => Reply)>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${recorded.path}`);
      const reply = typeof route === 'function' ? route(recorded) : (route ?? { status: 404, json: { status: 'ERROR', payload: null, message: 'Not found' } });
      if (reply.drop) {
        res.destroy();
        return;
      }
      if (reply.hang) {
        hanging.add(() => res.destroy());
        return;
      }
      const answer = () => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle: (method, path, reply) => routes.set(`${method} ${path}`, reply),
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((destroy) => destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
