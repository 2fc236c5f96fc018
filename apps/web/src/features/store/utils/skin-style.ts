import { bubblePalette, defaultBubble, skinLookSchema, type SkinLook } from '@parley/contracts';
import { type CSSProperties } from 'react';

/** A message's `look` from the API (or anything else) as a SkinLook; unknown values fall back to default. */
export function parseSkinLook(value: unknown): SkinLook | null {
  const parsed = skinLookSchema.safeParse(value);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/**
 * Inline style for a chat bubble in a skin: background and text colour from the
 * bubble colour, weight and slant from the text style. The store renders
 * a skin preview with it. Null look: no override.
 */
export function skinBubbleStyle(value: unknown): CSSProperties {
  const look = parseSkinLook(value);
  if (!look) return {};
  const style: CSSProperties = {};
  if (look.bubble_color) {
    const colors = bubblePalette[look.bubble_color] ?? defaultBubble;
    style.background = colors.background;
    style.color = colors.text;
  }
  if (look.text_style === 'bold') style.fontWeight = 700;
  if (look.text_style === 'italic') style.fontStyle = 'italic';
  if (look.text_style === 'normal') {
    style.fontWeight = 400;
    style.fontStyle = 'normal';
  }
  return style;
}
