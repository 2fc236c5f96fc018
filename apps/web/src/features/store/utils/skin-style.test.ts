import { bubblePalette } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { parseSkinLook, skinBubbleStyle } from './skin-style';

describe('skin bubble style', () => {
  it('colours the bubble and styles the text from the look', () => {
    expect(skinBubbleStyle({ bubble_color: 'gold', text_style: 'italic' })).toEqual({
      background: bubblePalette.gold.background,
      color: bubblePalette.gold.text,
      fontStyle: 'italic',
    });
    expect(skinBubbleStyle({ text_style: 'bold' })).toEqual({ fontWeight: 700 });
  });

  it('ignores missing, empty and unknown looks', () => {
    expect(skinBubbleStyle(null)).toEqual({});
    expect(skinBubbleStyle({})).toEqual({});
    expect(skinBubbleStyle({ bubble_color: 'url(javascript:alert(1))' })).toEqual({});
    expect(parseSkinLook('purple')).toBeNull();
  });
});
