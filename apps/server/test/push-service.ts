import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece (RFC 8188, installed with web-push) decrypts what a browser would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  device: string;
  /** The Authorization header: `vapid t=…, k=…` (RFC 8292). */
  authorization: string | undefined;
  ttl: string | undefined;
  /** The decrypted payload as the service worker would read it. */
  payload: unknown;
  at: number;
}

/**
 * A local stand-in for a browser's push service (FCM, Mozilla autopush…): an HTTP server on
 * 127.0.0.1 that takes the encrypted Web Push POST of each device it made up, decrypts it with that
 * device's private key (as the browser would), and answers with the status the test chose.
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly devices = new Map<string, { ecdh: ECDH; auth: string; status: number }>();
  private constructor(
    private readonly server: Server,
    readonly base: string,
  ) {}

  static async start(): Promise<PushServiceStandIn> {
    const holder: { standIn?: PushServiceStandIn } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => holder.standIn!.receive(request.url ?? '', request.headers, Buffer.concat(chunks), (status) => response.writeHead(status).end()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.standIn = new PushServiceStandIn(server, `http://127.0.0.1:${port}`);
    return holder.standIn;
  }

  /** A made-up browser subscription, as PushSubscription.toJSON() gives it. */
  device(name = randomBytes(6).toString('hex')) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    this.devices.set(name, { ecdh, auth, status: 201 });
    return { name, endpoint: `${this.base}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
  }

  /** What the service answers for this device from now on (410: the user unsubscribed in the browser). */
  answer(name: string, status: number) {
    this.devices.get(name)!.status = status;
  }

  to(name: string) {
    return this.received.filter((r) => r.device === name);
  }

  private receive(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer, reply: (status: number) => void) {
    const name = /^\/push\/([^/?]+)/.exec(url)?.[1] ?? '';
    const device = this.devices.get(name);
    if (!device) return reply(404);
    if (device.status >= 300) return reply(device.status);
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
    this.received.push({
      device: name,
      authorization: headers.authorization as string | undefined,
      ttl: headers.ttl as string | undefined,
      payload: JSON.parse(plain.toString('utf8')) as unknown,
      at: Date.now(),
    });
    reply(201);
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
