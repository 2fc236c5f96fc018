import { avatarColors, defaultAvatarColor, type AvatarColor } from '@parley/contracts';
import { type TextKey } from '../../lib/i18n';

/** Colour per avatar id (spec §3 User); unknown ids fall back to deep-blue. */
export const avatarColorValues: Record<AvatarColor, string> = {
  'deep-blue': '#2f3fb8',
  'soft-red': '#e0605e',
  'teal-blue': '#1f8a9a',
  'golden-yellow': '#e2a526',
};

export const avatarColorLabels: Record<AvatarColor, TextKey> = {
  'deep-blue': 'profileUi.colorDeepBlue',
  'soft-red': 'profileUi.colorSoftRed',
  'teal-blue': 'profileUi.colorTealBlue',
  'golden-yellow': 'profileUi.colorGoldenYellow',
};

export const toAvatarColor = (value: string | null | undefined): AvatarColor =>
  avatarColors.includes(value as AvatarColor) ? (value as AvatarColor) : defaultAvatarColor;

export function Avatar({ name, color, size = 48 }: { name: string | null | undefined; color: string | null | undefined; size?: number }) {
  const letter = (name?.trim()[0] ?? '?').toUpperCase();
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: size * 0.42, background: avatarColorValues[toAvatarColor(color)] }}
      aria-hidden="true"
    >
      {letter}
    </span>
  );
}
