import { wsServerMessageSchema, type WsServerMessage } from '@parley/contracts';

/**
 * One server → client WebSocket frame, parsed with the contract's schema (issue 32 §3). A frame that
 * is not JSON or does not match (an unknown type, a missing field) is dropped and logged, never acted
 * on half-understood. This module pulls in zod: the entry chunk imports it only lazily
 * (`loadFrameParser`), so the home page's JavaScript budget stays as it is.
 */
export function parseServerFrame(data: unknown): WsServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    console.warn('websocket: dropped a frame that is not JSON');
    return null;
  }
  const parsed = wsServerMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const type = typeof json === 'object' && json !== null && 'type' in json ? String(json.type) : '?';
  console.warn(`websocket: dropped a '${type}' frame that does not match the contract`, parsed.error.issues);
  return null;
}
