import { attachmentTypes, limits, texts, type AttachmentType } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { AppError, localized, fieldError, type LocalizedText } from '../../lib/app-error.js';
import { IMAGE_MIMES, sniffFile, typeMatches } from '../../lib/file-sniff.js';

/** An upload checked by its bytes: the declared type agrees with the content. */
export interface CheckedFile {
  type: AttachmentType;
  originalFilename: string;
  mime: string;
  data: Buffer;
}

export interface MessageForm {
  fields: Record<string, string>;
  files: { filename: string; data: Buffer }[];
  types: string[];
}

const sizeLabel = `${Math.round(limits.maxFileBytes / (1024 * 1024))} MB`;
const fileError = (message: string | LocalizedText) => fieldError('VALIDATION', 'attachments', message);

/** Upload types of spec §5: image, document, audio, video; anything else is a document. */
export const normalizeType = (value: string | undefined): AttachmentType =>
  (attachmentTypes as readonly string[]).includes(value ?? '') ? (value as AttachmentType) : 'document';

function mapMultipartError(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('PAYLOAD_TOO_LARGE', 'attachments', localized('chat.fileTooLarge', { size: sizeLabel }));
  if (code === 'FST_FILES_LIMIT') throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  // Busboy's parse errors (truncated or malformed bodies) are the client's, not ours.
  throw new AppError('BAD_REQUEST', texts.common.malformedBody);
}

/** Reads `attachments[]`, `types[]`, `content`, `topic_id`… from a multipart body, files into memory (5 × 5 MB at most). */
export async function readMessageForm(request: FastifyRequest): Promise<MessageForm> {
  const form: MessageForm = { fields: {}, files: [], types: [] };
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.replace(/\[\d*\]$/, '');
      if (part.type === 'file') {
        if (name !== 'attachments' && name !== 'files') {
          await part.toBuffer();
          continue;
        }
        const data = await part.toBuffer();
        form.files.push({ filename: part.filename, data });
      } else if (name === 'types') form.types.push(String(part.value));
      else form.fields[name] = String(part.value);
    }
  } catch (error) {
    mapMultipartError(error);
  }
  if (form.files.length > limits.maxFiles) throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
  return form;
}

/** Bidirectional controls: `invoice\u202Egpj.exe` displays as `invoiceexe.jpg`. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A file name safe to show and to put in a header: no path, no control or bidi characters, bounded. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"' && !BIDI_CONTROLS.test(c))
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/** Checks every file's bytes against its declared type; the first problem refuses the whole message. */
export function checkFiles(files: MessageForm['files'], types: string[]): CheckedFile[] {
  if (files.length > limits.maxFiles) throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
  return files.map((file, index) => {
    if (file.data.length === 0) throw fileError(texts.chat.invalidFileSize);
    if (file.data.length > limits.maxFileBytes) throw fieldError('PAYLOAD_TOO_LARGE', 'attachments', localized('chat.fileTooLarge', { size: sizeLabel }));
    const sniffed = sniffFile(file.data, file.filename);
    // A missing type takes the content's class; an unknown one becomes document (spec §5).
    const type = types[index] === undefined && sniffed ? sniffed.contentClass : normalizeType(types[index]);
    if (type === 'image' && (!sniffed || !IMAGE_MIMES.has(sniffed.mime))) throw fileError(texts.chat.imagesOnly);
    if (!sniffed || !typeMatches(type, sniffed)) throw fileError(texts.chat.invalidFile);
    return { type, originalFilename: cleanFilename(file.filename), mime: sniffed.mime, data: file.data };
  });
}
