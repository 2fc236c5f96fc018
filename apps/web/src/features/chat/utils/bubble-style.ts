import { bubbleColors, bubblePalette, type BubbleColor } from '@parley/contracts';
import type { CSSProperties } from 'react';

/** A message's skin (`look`: bubble_color, text_style) as inline styles; unknown values fall back to the default bubble. */
export function bubbleStyle(look: Record<string, unknown> | null | undefined): CSSProperties | undefined {
  if (!look) return undefined;
  const style: CSSProperties = {};
  const color = look.bubble_color;
  if (typeof color === 'string' && (bubbleColors as readonly string[]).includes(color)) {
    const palette = bubblePalette[color as BubbleColor];
    style.background = palette.background;
    style.color = palette.text;
  }
  if (look.text_style === 'bold') style.fontWeight = 700;
  if (look.text_style === 'italic') style.fontStyle = 'italic';
  return Object.keys(style).length > 0 ? style : undefined;
}

/** Topic title style of spec §2 TopicsPage: text_look (bold, italic, underline) and the channel colour. */
export function topicTitleStyle(topic: { is_highlighted: boolean; highlight_color: string | null; text_look: string; color: string | null }): CSSProperties {
  const style: CSSProperties = {};
  if (topic.text_look === 'bold') style.fontWeight = 700;
  if (topic.text_look === 'italic') style.fontStyle = 'italic';
  if (topic.text_look === 'underline') style.textDecoration = 'underline';
  const color = topic.color ?? (topic.is_highlighted ? topic.highlight_color : null);
  if (color && isSafeColor(color)) style.color = color;
  return style;
}

/** Colours from the server go into inline styles: only hex values and plain names. */
export const isSafeColor = (value: string) => /^(#[0-9a-fA-F]{3,8}|[a-z-]{1,32})$/.test(value);
