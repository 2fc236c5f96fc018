import { describe, expect, it } from 'vitest';
import { bubbleStyle, isSafeColor, topicTitleStyle } from './bubble-style';

describe('bubbleStyle', () => {
  it("styles a sender's bubble from the skin they had equipped", () => {
    expect(bubbleStyle({ bubble_color: 'purple', text_style: 'bold' })).toEqual({ background: '#7c3aed', color: '#ffffff', fontWeight: 700 });
    expect(bubbleStyle({ text_style: 'italic' })).toEqual({ fontStyle: 'italic' });
  });

  it('ignores missing and unknown looks', () => {
    expect(bubbleStyle(null)).toBeUndefined();
    expect(bubbleStyle({ bubble_color: 'url(x)' })).toBeUndefined();
  });
});

describe('topicTitleStyle', () => {
  const base = { is_highlighted: false, highlight_color: null, text_look: 'normal', color: null };
  it('applies the text look and the channel colour', () => {
    expect(topicTitleStyle({ ...base, text_look: 'underline', color: '#ff0000' })).toEqual({ textDecoration: 'underline', color: '#ff0000' });
    expect(topicTitleStyle({ ...base, is_highlighted: true, highlight_color: 'gold', text_look: 'italic' })).toEqual({ fontStyle: 'italic', color: 'gold' });
  });
  it('refuses anything that is not a plain colour', () => {
    expect(isSafeColor('red;background:url(x)')).toBe(false);
    expect(topicTitleStyle({ ...base, color: 'red;x' })).toEqual({});
  });
});
