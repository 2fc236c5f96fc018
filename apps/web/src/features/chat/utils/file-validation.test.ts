import { englishText } from '@parley/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { addFiles, defaultFileRules, fileError } from './file-validation';

const file = (name: string, size: number, type: string) => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const MB = 1024 * 1024;
const imageRules = { ...defaultFileRules, imagesOnly: true };

describe('fileError', () => {
  it('accepts the four image types in the image picker', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(fileError(file('a', 100, type), imageRules, englishText)).toBeNull();
  });

  it('refuses other types in the image picker', () => {
    expect(fileError(file('a.svg', 100, 'image/svg+xml'), imageRules, englishText)).toBe('Only PNG, JPEG, GIF, and WebP images are allowed');
    expect(fileError(file('a.pdf', 100, 'application/pdf'), imageRules, englishText)).toBe('Only PNG, JPEG, GIF, and WebP images are allowed');
  });

  it('lets the file picker take any type', () => {
    expect(fileError(file('a.pdf', 100, 'application/pdf'), defaultFileRules, englishText)).toBeNull();
  });

  it('refuses files over 5 MB with the limit in the message', () => {
    expect(fileError(file('big.png', 5 * MB + 1, 'image/png'), imageRules, englishText)).toBe('File size exceeds 5 MB');
    expect(fileError(file('ok.png', 5 * MB, 'image/png'), imageRules, englishText)).toBeNull();
  });

  it('refuses empty or nameless files', () => {
    expect(fileError(file('empty.png', 0, 'image/png'), imageRules, englishText)).toBe('Invalid file size');
    expect(fileError(file('', 10, 'image/png'), imageRules, englishText)).toBe('Invalid file');
    expect(fileError(null, imageRules, englishText)).toBe('Invalid file');
  });
});

describe('addFiles', () => {
  it('keeps at most 5 files and says so once', () => {
    const picked = Array.from({ length: 7 }, (_, i) => file(`f${i}.png`, 10, 'image/png'));
    const result = addFiles([], picked, imageRules, englishText);
    expect(result.accepted).toHaveLength(5);
    expect(result.errors).toEqual(['Maximum 5 files allowed']);
  });

  it('counts the files already chosen', () => {
    const current = Array.from({ length: 4 }, (_, i) => file(`c${i}.png`, 10, 'image/png'));
    const result = addFiles(current, [file('a.png', 10, 'image/png'), file('b.png', 10, 'image/png')], imageRules, englishText);
    expect(result.accepted).toHaveLength(5);
    expect(result.errors).toEqual(['Maximum 5 files allowed']);
  });

  it('reports each distinct problem and keeps the good files', () => {
    const result = addFiles([], [file('a.png', 10, 'image/png'), file('b.bmp', 10, 'image/bmp'), file('c.png', 6 * MB, 'image/png')], imageRules, englishText);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual(['Only PNG, JPEG, GIF, and WebP images are allowed', 'File size exceeds 5 MB']);
  });
});
