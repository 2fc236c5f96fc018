/**
 * Recognises an upload by its bytes, never by its name or declared header.
 * Only the formats the chat accepts are known; anything else (HTML, SVG,
 * scripts, executables) is unrecognised and refused.
 */
export type ContentClass = 'image' | 'audio' | 'video' | 'document';

export interface SniffResult {
  mime: string;
  contentClass: ContentClass;
  /** Audio/video containers that may hold either (mp4, webm, ogg). */
  isMediaContainer?: boolean;
}

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');
const startsWith = (data: Buffer, bytes: number[], offset = 0) => data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const officeMimes: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

function sniffBinary(data: Buffer, extension: string): SniffResult | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', contentClass: 'image' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', contentClass: 'image' };
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return { mime: 'image/gif', contentClass: 'image' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return { mime: 'image/webp', contentClass: 'image' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') return { mime: 'audio/wav', contentClass: 'audio' };
  if (ascii(data, 0, 5) === '%PDF-') return { mime: 'application/pdf', contentClass: 'document' };
  if (ascii(data, 0, 3) === 'ID3') return { mime: 'audio/mpeg', contentClass: 'audio' };
  if (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0 && (data[1]! & 0x06) !== 0) return { mime: 'audio/mpeg', contentClass: 'audio' };
  if (ascii(data, 0, 4) === 'OggS') return { mime: 'audio/ogg', contentClass: 'audio', isMediaContainer: true };
  if (ascii(data, 0, 4) === 'fLaC') return { mime: 'audio/flac', contentClass: 'audio' };
  if (ascii(data, 4, 8) === 'ftyp') {
    const brand = ascii(data, 8, 12);
    if (brand.startsWith('M4A')) return { mime: 'audio/mp4', contentClass: 'audio' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', contentClass: 'video' };
    return { mime: 'video/mp4', contentClass: 'video', isMediaContainer: true };
  }
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', contentClass: 'video', isMediaContainer: true };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return { mime: officeMimes[extension] ?? 'application/zip', contentClass: 'document' };
  return null;
}

/** Markup a browser could render as a page or script, even when served as something else. */
const MARKUP = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta|link|style|\?xml|img)/i;

/** Control characters other than tab, newline, form feed and carriage return mean binary. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** The bytes of a head that end inside a UTF-8 sequence are not an error: the file goes on. */
function trimCutSequence(data: Buffer): Buffer {
  let start = data.length - 1;
  while (start >= 0 && data.length - start <= 4 && (data[start]! & 0xc0) === 0x80) start -= 1;
  if (start < 0) return data;
  const lead = data[start]!;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return data.length - start < needed ? data.subarray(0, start) : data;
}

function sniffText(data: Buffer, isHead: boolean): SniffResult | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(isHead ? trimCutSequence(data) : data);
  } catch {
    return null;
  }
  if (hasControlCharacters(text)) return null;
  if (MARKUP.test(text)) return null;
  return { mime: 'text/plain', contentClass: 'document' };
}

/** How much of an upload the sniffer reads: the magic numbers, and enough text to judge it (issue 31: uploads are streamed to disk). */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/** `data` is the whole file, or (`isHead`) its first SNIFF_HEAD_BYTES of a longer one. */
export function sniffFile(data: Buffer, filename: string, isHead = false): SniffResult | null {
  if (data.length === 0) return null;
  const extension = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  return sniffBinary(data, extension) ?? sniffText(data, isHead);
}

/** The declared upload type must agree with what the bytes are. */
export function typeMatches(declared: ContentClass, sniffed: SniffResult): boolean {
  if (declared === sniffed.contentClass) return true;
  // An mp4/webm/ogg holds sound or pictures; trust the declaration between audio and video.
  return Boolean(sniffed.isMediaContainer) && (declared === 'audio' || declared === 'video');
}

export const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
