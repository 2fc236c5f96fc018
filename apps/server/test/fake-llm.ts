import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedLlmRequest {
  headers: IncomingMessage['headers'];
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

/** What the next request gets: streamed chunks, a status code, or silence (to trip the timeout). */
export type LlmBehaviour = { kind: 'stream'; chunks: string[] } | { kind: 'json'; content: string } | { kind: 'status'; status: number } | { kind: 'hang' };

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
    this.requests.push({ headers: req.headers, body: JSON.parse(raw) as RecordedLlmRequest['body'] });
    const behaviour = this.script[Math.min(this.requests.length - 1, this.script.length - 1)]!;
    switch (behaviour.kind) {
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'json':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: behaviour.content } }] }));
        return;
      case 'stream': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`);
        for (const piece of behaviour.chunks) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        res.end('data: [DONE]\n\n');
      }
    }
  }
}
