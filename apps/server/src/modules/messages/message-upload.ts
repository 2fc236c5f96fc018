import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { attachmentTypes, limits, texts, type AttachmentType } from '@parley/contracts';
import { type FastifyRequest } from 'fastify';
import { AppError, localized, fieldError, type LocalizedText } from '../../lib/app-error.js';
import { IMAGE_MIMES, SNIFF_HEAD_BYTES, sniffFile, typeMatches } from '../../lib/file-sniff.js';

/** An upload checked by its bytes: the declared type agrees with the content. The bytes wait in a temporary file. */
export interface CheckedFile {
  type: AttachmentType;
  originalFilename: string;
  mime: string;
  path: string;
  size: number;
}

/** A file of the form, streamed to `path`; `head` is its first bytes (lib/file-sniff.ts reads no more). */
export interface UploadedFile {
  filename: string;
  path: string;
  size: number;
  head: Buffer;
}

export interface MessageForm {
  fields: Record<string, string>;
  files: UploadedFile[];
  types: string[];
}

/** What uploads did in this process (operators, tests): files streamed to a temporary file. */
export const uploadWork = { filesStreamed: 0 };

const sizeLabel = `${Math.round(limits.maxFileBytes / (1024 * 1024))} MB`;
const fileError = (message: string | LocalizedText) => fieldError('VALIDATION', 'attachments', message);
const tooLarge = () => fieldError('PAYLOAD_TOO_LARGE', 'attachments', localized('chat.fileTooLarge', { size: sizeLabel }));

/** Upload types of spec §5: image, document, audio, video; anything else is a document. */
export const normalizeType = (value: string | undefined): AttachmentType =>
  (attachmentTypes as readonly string[]).includes(value ?? '') ? (value as AttachmentType) : 'document';

function mapMultipartError(error: unknown): never {
  if (error instanceof AppError) throw error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
  if (code === 'FST_FILES_LIMIT') throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  // Busboy's parse errors (truncated or malformed bodies) are the client's, not ours.
  throw new AppError('BAD_REQUEST', texts.common.malformedBody);
}

/**
 * One file part to disk, its head kept for the sniffer. The size cap is the multipart limit
 * (`limits.fileSize`): at the first byte past it the stream is stopped, not read to its end.
 */
async function streamToFile(file: Readable & { truncated?: boolean }, path: string): Promise<{ size: number; head: Buffer }> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headBytes < SNIFF_HEAD_BYTES) {
        const part = Buffer.from(chunk.subarray(0, SNIFF_HEAD_BYTES - headBytes));
        head.push(part);
        headBytes += part.length;
      }
      done(null, chunk);
    },
  });
  file.once('limit', () => tap.destroy(tooLarge()));
  uploadWork.filesStreamed += 1;
  await pipeline(file, tap, createWriteStream(path, { flags: 'wx' }));
  if (file.truncated) throw tooLarge();
  return { size, head: Buffer.concat(head) };
}

export interface ReadFormOptions {
  /** A fresh directory of this request's own, removed by the caller. */
  dir: string;
  /**
   * Runs once, at the first attachment, over the fields read so far: the sender's seat, coins and limits
   * are checked before any file byte is read (fields must precede files; the web app sends them first).
   */
  beforeFiles(form: Pick<MessageForm, 'fields' | 'types'>): Promise<void>;
}

/**
 * Reads `topic_id`, `content`, `client_id`, `types[]`… and then `attachments[]` from a multipart body. Files
 * are streamed to temporary files under `dir` (5 × 5 MB at most), never held in memory; file parts of any
 * other name are drained unread.
 */
export async function readMessageForm(request: FastifyRequest, options: ReadFormOptions): Promise<MessageForm> {
  const form: MessageForm = { fields: {}, files: [], types: [] };
  let checked = false;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.replace(/\[\d*\]$/, '');
      if (part.type === 'file') {
        if (name !== 'attachments' && name !== 'files') {
          part.file.resume();
          continue;
        }
        if (!checked) {
          checked = true;
          await options.beforeFiles(form);
        }
        if (form.files.length >= limits.maxFiles) throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
        const path = join(options.dir, `${form.files.length}`);
        form.files.push({ filename: part.filename, path, ...(await streamToFile(part.file, path)) });
      } else if (name === 'types') form.types.push(String(part.value));
      else form.fields[name] = String(part.value);
    }
  } catch (error) {
    mapMultipartError(error);
  }
  return form;
}

/** Uploads one user, and one address, may have running at once (issue 31: bodies are read while checked). */
export const MAX_UPLOADS_PER_USER = 2;
export const MAX_UPLOADS_PER_ADDRESS = 8;

/** Per instance: uploads running now, by user and by address; `acquire` refuses past the caps with 429. */
export function createUploadSlots(perUser = MAX_UPLOADS_PER_USER, perAddress = MAX_UPLOADS_PER_ADDRESS) {
  const byUser = new Map<number, number>();
  const byAddress = new Map<string, number>();
  const change = <K>(map: Map<K, number>, key: K, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    acquire(userId: number, address: string): () => void {
      if ((byUser.get(userId) ?? 0) >= perUser || (byAddress.get(address) ?? 0) >= perAddress) {
        throw new AppError('RATE_LIMITED', texts.chat.tooManyUploads);
      }
      change(byUser, userId, 1);
      change(byAddress, address, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        change(byUser, userId, -1);
        change(byAddress, address, -1);
      };
    },
  };
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

/** Checks every file's bytes (its head) against its declared type; the first problem refuses the whole message. */
export function checkFiles(files: MessageForm['files'], types: string[]): CheckedFile[] {
  if (files.length > limits.maxFiles) throw fileError(localized('chat.maxFiles', { n: limits.maxFiles }));
  return files.map((file, index) => {
    if (file.size === 0) throw fileError(texts.chat.invalidFileSize);
    if (file.size > limits.maxFileBytes) throw tooLarge();
    const sniffed = sniffFile(file.head, file.filename, file.size > file.head.length);
    // A missing type takes the content's class; an unknown one becomes document (spec §5).
    const type = types[index] === undefined && sniffed ? sniffed.contentClass : normalizeType(types[index]);
    if (type === 'image' && (!sniffed || !IMAGE_MIMES.has(sniffed.mime))) throw fileError(texts.chat.imagesOnly);
    if (!sniffed || !typeMatches(type, sniffed)) throw fileError(texts.chat.invalidFile);
    return { type, originalFilename: cleanFilename(file.filename), mime: sniffed.mime, path: file.path, size: file.size };
  });
}
