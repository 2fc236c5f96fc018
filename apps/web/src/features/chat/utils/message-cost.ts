import { attachmentTypes, messageTextCost, type AttachmentCosts, type AttachmentType } from '@parley/contracts';

/** Upload type sent in types[] (spec §5 Upload types): image, document, audio, video; anything else is a document. */
export function uploadType(file: Pick<File, 'type'>): AttachmentType {
  const major = file.type.split('/')[0] ?? '';
  return (attachmentTypes as readonly string[]).includes(major) && major !== 'document' ? (major as AttachmentType) : 'document';
}

/** Points a message will cost: text × message_symbol_cost plus every attachment by type. */
export function messageCost(content: string, files: readonly Pick<File, 'type'>[], costs: AttachmentCosts | null | undefined): number {
  if (!costs) return 0;
  const text = content.trim() === '' ? 0 : messageTextCost(content, costs.message_symbol_cost);
  return files.reduce((sum, file) => sum + (costs[uploadType(file)] ?? 0), text);
}

/** The preview next to the input: shown only when the text is non-empty and the cost is above 0 (spec §5). */
export function textCostPreview(content: string, costs: AttachmentCosts | null | undefined): number | null {
  if (!costs || content.trim() === '') return null;
  const cost = messageTextCost(content, costs.message_symbol_cost);
  return cost > 0 ? cost : null;
}

/**
 * The prices this sender pays: interlocutors send for free (the server charges them nothing), so
 * their previews must show nothing either. File limits stay as they are.
 */
export function chargedCosts(costs: AttachmentCosts | null, sendsForFree: boolean): AttachmentCosts | null {
  if (!costs || !sendsForFree) return costs;
  return { ...costs, image: 0, document: 0, audio: 0, video: 0, message_symbol_cost: 0 };
}
