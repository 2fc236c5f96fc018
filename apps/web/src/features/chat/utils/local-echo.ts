import { type Message } from '@parley/contracts';
import { ApiError } from '../../../lib/api-client';

/**
 * Local echo (issue 34 §2): a message (text, or files with their upload progress) shows the moment it is sent, as 'sending', until the server's
 * copy of it arrives — by the send's answer, a push or a poll, whichever comes first, matched by client id —
 * or the send fails. A failed message keeps its client id, so sending it again never stores or charges twice.
 */
/** A file of a pending send, as its bubble shows it (the File itself stays with the hook for Retry). */
export interface PendingFile {
  name: string;
  /** An object URL of an image, to show it while it uploads; null for other files. */
  preview: string | null;
}

export interface PendingSend {
  clientId: string;
  content: string;
  /** Attachments going with it (none for a text message). */
  files?: readonly PendingFile[];
  /** 0..1 while the files upload; absent for text. */
  progress?: number;
  status: 'sending' | 'failed';
  /** Why it was not sent (the server's reason, or the network's), localized. */
  reason: string | null;
  /** The server refused it (coins, a limit, a content rule, a closed topic): the text went back to the input. */
  refused: boolean;
}

/**
 * Whether the server answered no to the message itself. A network failure, a timeout, a rate limit, a
 * server fault or an expired session is no answer about the message: those are sent again with Retry.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/** The pending sends whose message the conversation does not hold yet (a pushed copy may beat the answer). */
export function unconfirmedSends(pending: readonly PendingSend[], messages: readonly Message[]): PendingSend[] {
  if (pending.length === 0) return pending as PendingSend[];
  const arrived = new Set<string>();
  for (const message of messages) if (message.client_id) arrived.add(message.client_id);
  return arrived.size === 0 ? (pending as PendingSend[]) : pending.filter((p) => !arrived.has(p.clientId));
}

export const updateSend = (list: readonly PendingSend[], clientId: string, patch: Partial<PendingSend>): PendingSend[] =>
  list.map((p) => (p.clientId === clientId ? { ...p, ...patch } : p));

export const withoutSend = (list: readonly PendingSend[], clientId: string): PendingSend[] => list.filter((p) => p.clientId !== clientId);
