import { texts, type Attachment, type Message } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { publicChatName } from '../users/chat-name.js';
import * as repo from './messages.repository.js';
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
    created_at: row.created_at,
  };
}

/** Rows → API messages for one viewer, with attachments and sender names in two queries. */
export async function toMessages(db: DbOrTrx, rows: MessageRow[], viewerId: number | null, companionName: string): Promise<Message[]> {
  const senderIds = [...new Set(rows.flatMap((r) => (r.sender_id === null ? [] : [r.sender_id])))];
  const [attachments, names] = await Promise.all([
    repo.listAttachmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    repo.findSenderNames(db, senderIds),
  ]);
  const ctx: SenderContext = { viewerId, companionName, names: new Map(names.map((n) => [n.id, publicChatName(n)])) };
  return rows.map((row) =>
    toMessage(
      row,
      attachments.filter((a) => a.message_id === row.id),
      ctx,
    ),
  );
}
