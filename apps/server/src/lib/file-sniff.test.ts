import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../../test/chat.js';
import { SNIFF_HEAD_BYTES, sniffFile, typeMatches } from './file-sniff.js';

describe('file sniffing', () => {
  it('recognises the accepted formats by their bytes, whatever the name', () => {
    expect(sniffFile(sampleFiles.png, 'x.pdf')).toMatchObject({ mime: 'image/png', contentClass: 'image' });
    expect(sniffFile(sampleFiles.jpeg, 'x')).toMatchObject({ mime: 'image/jpeg' });
    expect(sniffFile(Buffer.from('GIF89a....'), 'x')).toMatchObject({ mime: 'image/gif' });
    expect(sniffFile(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'x')).toMatchObject({ mime: 'image/webp' });
    expect(sniffFile(Buffer.from('RIFF\0\0\0\0WAVEfmt '), 'x')).toMatchObject({ mime: 'audio/wav', contentClass: 'audio' });
    expect(sniffFile(sampleFiles.pdf, 'x.png')).toMatchObject({ mime: 'application/pdf', contentClass: 'document' });
    expect(sniffFile(sampleFiles.mp3, 'x')).toMatchObject({ mime: 'audio/mpeg' });
    expect(sniffFile(Buffer.from('OggS\0\x02'), 'x')).toMatchObject({ mime: 'audio/ogg' });
    expect(sniffFile(sampleFiles.mp4, 'x')).toMatchObject({ mime: 'video/mp4', contentClass: 'video' });
    expect(sniffFile(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]), 'x')).toMatchObject({ mime: 'video/webm' });
    expect(sniffFile(Buffer.from('PK\x03\x04rest'), 'report.docx')).toMatchObject({
      contentClass: 'document',
      mime: expect.stringContaining('wordprocessingml'),
    });
    expect(sniffFile(sampleFiles.text, 'notes.png')).toMatchObject({ mime: 'text/plain', contentClass: 'document' });
  });

  it('refuses markup, binaries it does not know and empty files', () => {
    expect(sniffFile(sampleFiles.html, 'cat.png')).toBeNull();
    expect(sniffFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'a.txt')).toBeNull();
    expect(sniffFile(Buffer.from('  <script>alert(1)</script>'), 'a.txt')).toBeNull();
    expect(sniffFile(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'setup.pdf')).toBeNull(); // a Windows executable
    expect(sniffFile(Buffer.alloc(0), 'empty.txt')).toBeNull();
  });

  it('matches the declared type to the content class, audio/video containers either way', () => {
    expect(typeMatches('image', sniffFile(sampleFiles.png, 'a')!)).toBe(true);
    expect(typeMatches('document', sniffFile(sampleFiles.png, 'a')!)).toBe(false);
    expect(typeMatches('audio', sniffFile(sampleFiles.mp4, 'a')!)).toBe(true);
    expect(typeMatches('video', sniffFile(sampleFiles.mp3, 'a')!)).toBe(false);
  });

  it('judges a long text by its head, even when the head ends inside a character', () => {
    const text = Buffer.from('Grüße aus Tallinn — '.repeat(10_000));
    for (const cut of [SNIFF_HEAD_BYTES, SNIFF_HEAD_BYTES - 1, SNIFF_HEAD_BYTES - 2]) {
      expect(sniffFile(text.subarray(0, cut), 'notes.txt', true)).toEqual({ mime: 'text/plain', contentClass: 'document' });
    }
    // A whole file that ends inside a character is not text.
    expect(sniffFile(Buffer.from([0x48, 0x69, 0xe2, 0x80]), 'notes.txt')).toBeNull();
  });
});
