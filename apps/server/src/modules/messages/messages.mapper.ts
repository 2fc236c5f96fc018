import { texts, type Attachment, type Message } from '@parley/contracts';
import { publicChatName } from '../users/chat-name.js';
import { type MessageDetails } from './messages.repository.js';
import { type AttachmentRow, type MessageRow } from './messages.table.js';

export const attachmentUrl = (id: number) => `/api/attachments/${id}`;

const parseLook = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export function toAttachment(row: AttachmentRow): Attachment {
  const url = attachmentUrl(row.id);
  return { id: row.id, type: row.type, url, path: url, original_filename: row.original_filename, mime: row.mime, filesize: row.filesize };
}

/** Who the viewer sees as the sender: 'Me', the companion, or the other person's chat name (never an account name or id). */
export interface SenderContext {
  viewerId: number | null;
  companionName: string;
  names: Map<number, string>;
}

export function toMessage(row: MessageRow, attachments: AttachmentRow[], ctx: SenderContext): Message {
  const isMine = row.sender_kind === 'user' && row.sender_id !== null && row.sender_id === ctx.viewerId;
  const sender = isMine
    ? 'Me'
    : row.sender_kind === 'companion'
      ? ctx.companionName
      : row.sender_kind === 'system'
        ? 'System'
        : (ctx.names.get(row.sender_id ?? -1) ?? texts.chat.deletedUser);
  return {
    id: row.id,
    topic_id: row.topic_id,
    content: row.content,
    text: row.content,
    sender,
    sender_id: isMine ? row.sender_id : null,
    sender_kind: row.sender_kind,
    is_mine: isMine,
    is_typing: false,
    cost: row.cost,
    look: parseLook(row.look),
    attachments: attachments.map(toAttachment),
    variant_of: row.variant_of ?? null,
    created_at: row.created_at,
    client_id: isMine ? row.client_id : null,
  };
}

/** Rows → API messages for one viewer, from what the repository read beside them (messages.repository#readMessageDetails). */
export function toMessages(details: MessageDetails, viewerId: number | null, companionName: string): Message[] {
  const ctx: SenderContext = { viewerId, companionName, names: new Map(details.names.map((n) => [n.id, publicChatName(n)])) };
  return details.rows.map((row) => toMessage(row, details.attachments.get(row.id) ?? [], ctx));
}
