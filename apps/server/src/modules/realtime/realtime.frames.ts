import { wsServerMessageSchema, type WsServerMessage } from '@parley/contracts';

/**
 * The one place server → client frames are built (issue 32 §3). Frames are typed by `WsServerMessage`
 * at compile time; with `validate` (development and tests: `WS_VALIDATE_FRAMES`) each one is also
 * parsed with the contract schema, and a frame that does not parse, or carries a field the schema
 * does not declare, throws instead of going out. Production only serialises (the hot path).
 */
export function encodeFrame(frame: WsServerMessage, validate: boolean): EncodedFrame {
  if (validate) assertFrame(frame);
  return JSON.stringify(frame) as EncodedFrame;
}

/** A frame serialised by `encodeFrame` (so built from the contract type), ready to send to many sockets. */
export type EncodedFrame = string & { readonly __encodedFrame: true };

export class InvalidFrameError extends Error {
  constructor(
    readonly frame: unknown,
    readonly problems: string[],
  ) {
    super(`websocket frame does not match the contract: ${problems.join('; ')}`);
    this.name = 'InvalidFrameError';
  }
}

/** Throws unless `frame` parses with `wsServerMessageSchema` and declares every field it carries. */
export function assertFrame(frame: unknown) {
  const problems = frameProblems(frame);
  if (problems.length > 0) throw new InvalidFrameError(frame, problems);
}

/** What is wrong with a frame as it goes on the wire (JSON), against the contract: [] when nothing. */
export function frameProblems(frame: unknown): string[] {
  const wire: unknown = JSON.parse(JSON.stringify(frame));
  const parsed = wsServerMessageSchema.safeParse(wire);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(frame)'}: ${issue.message}`);
  return undeclaredPaths(wire, parsed.data);
}

/**
 * Paths present in `raw` that the schema's output dropped (zod objects strip unknown keys): fields
 * the contract does not declare, which must not leave the server (privacy guard).
 */
export function undeclaredPaths(raw: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => undeclaredPaths(item, parsed[i], `${path}[${i}]`));
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    if (!(key in parsed)) return [`${at}: not declared by the contract`];
    return undeclaredPaths(raw[key], parsed[key], at);
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
