import { limits } from '@parley/contracts';
import { formatFileSize } from '../../../lib/format';
import type { Translate } from '../../../lib/i18n';

/** Image types the image picker accepts (spec §5 Send files modal). */
export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const imageAccept = imageMimeTypes.join(',');

export interface FileRules {
  maxFiles: number;
  maxFileBytes: number;
  /** true: only PNG, JPEG, GIF and WebP (the image button). */
  imagesOnly: boolean;
}

export const defaultFileRules: FileRules = { maxFiles: limits.maxFiles, maxFileBytes: limits.maxFileBytes, imagesOnly: false };

export interface FileCheck {
  accepted: File[];
  errors: string[];
}

/** Why a single file is refused, or null. */
export function fileError(file: Pick<File, 'name' | 'size' | 'type'> | null | undefined, rules: FileRules, t: Translate): string | null {
  if (!file || typeof file.name !== 'string' || file.name === '') return t('chat.invalidFile');
  if (!Number.isFinite(file.size) || file.size <= 0) return t('chat.invalidFileSize');
  if (file.size > rules.maxFileBytes) return t('chat.fileTooLarge', { size: formatFileSize(rules.maxFileBytes) });
  if (rules.imagesOnly && !(imageMimeTypes as readonly string[]).includes(file.type)) return t('chat.imagesOnly');
  return null;
}

/**
 * Adds picked files to those already chosen. Files beyond the maximum are
 * refused with 'Maximum {n} files allowed'; each error message appears once.
 */
export function addFiles(current: readonly File[], picked: readonly File[], rules: FileRules, t: Translate): FileCheck {
  const accepted = [...current];
  const errors = new Set<string>();
  for (const file of picked) {
    const error = fileError(file, rules, t);
    if (error) {
      errors.add(error);
      continue;
    }
    if (accepted.length >= rules.maxFiles) {
      errors.add(t('chat.maxFiles', { n: rules.maxFiles }));
      continue;
    }
    accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}
