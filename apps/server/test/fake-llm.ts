import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedLlmRequest {
  /** performance.now() when the request arrived, and when its first text was written (benchmarks). */
  receivedAt: number;
  firstTokenAt?: number;
  headers: IncomingMessage['headers'];
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

/**
 * What the next request gets, as real endpoints behave:
 * - `stream`: SSE chunks, `delayMs` apart (first one after `firstTokenMs`), then the usage chunk and [DONE];
 * - `json`: one completion (servers that ignore `stream: true`);
 * - `status`: an error status, with `retryAfterS` as the Retry-After header (429);
 * - `cut`: streams `chunks`, then the connection drops mid-stream;
 * - `hang`: headers never come (a timeout);
 * - `echo`: streams the request's messages back, system prompt included (a model that obeys a prompt-extraction attempt).
 */
export type LlmBehaviour =
  | { kind: 'stream'; chunks: string[]; delayMs?: number; firstTokenMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'json'; content: string }
  | { kind: 'status'; status: number; retryAfterS?: number }
  | { kind: 'cut'; chunks: string[] }
  | { kind: 'hang' }
  | { kind: 'echo' };

/**
 * A fake OpenAI-compatible chat-completions server over real HTTP on
 * 127.0.0.1: records every request and answers by a script of behaviours
 * (the last one repeats).
 */
export class FakeLlmServer {
  readonly requests: RecordedLlmRequest[] = [];
  script: LlmBehaviour[] = [{ kind: 'stream', chunks: ['Hello'] }];
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}/v1`;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const record: RecordedLlmRequest = { receivedAt: performance.now(), headers: req.headers, body: JSON.parse(raw) as RecordedLlmRequest['body'] };
    this.requests.push(record);
    const behaviour = this.script[Math.min(this.requests.length - 1, this.script.length - 1)]!;
    switch (behaviour.kind) {
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (behaviour.retryAfterS !== undefined) headers['retry-after'] = String(behaviour.retryAfterS);
        res.writeHead(behaviour.status, headers).end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      case 'cut':
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const piece of behaviour.chunks) {
          res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
          await sleep(5);
        }
        res.destroy();
        return;
      case 'echo': {
        const body = JSON.parse(raw) as RecordedLlmRequest['body'];
        const everything = body.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
        await this.stream(res, everything.match(/[\s\S]{1,40}/g) ?? [''], 1, 0, undefined, record);
        return;
      }
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'json':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: behaviour.content } }] }));
        return;
      case 'stream':
        await this.stream(res, behaviour.chunks, behaviour.delayMs ?? 5, behaviour.firstTokenMs ?? 0, behaviour.usage, record);
    }
  }

  private async stream(
    res: ServerResponse,
    chunks: string[],
    delayMs: number,
    firstTokenMs: number,
    usage?: { prompt_tokens: number; completion_tokens: number },
    record?: RecordedLlmRequest,
  ) {
    const chunk = (fields: object) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: 'fake', ...fields })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] }));
    await sleep(firstTokenMs);
    for (const [i, piece] of chunks.entries()) {
      if (i > 0) await sleep(delayMs);
      if (res.destroyed) return;
      res.write(chunk({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }));
      if (record && i === 0) record.firstTokenAt = performance.now();
    }
    res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    if (usage) res.write(chunk({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
    res.end('data: [DONE]\n\n');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
