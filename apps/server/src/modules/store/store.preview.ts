import { bubblePalette, defaultBubble, type BubbleColor, type TextStyle } from '@parley/contracts';
import { type ProductRow } from './store.table.js';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A static SVG of a chat bubble in the skin's look. Built only from our own
 * palette and an escaped name: no scripts, no external references.
 */
export function renderPreviewSvg(product: Pick<ProductRow, 'kind' | 'look' | 'name'>): string {
  const colors = product.kind === 'bubble_color' ? (bubblePalette[product.look as BubbleColor] ?? defaultBubble) : defaultBubble;
  const style = product.kind === 'text_style' ? (product.look as TextStyle) : 'normal';
  const weight = style === 'bold' ? 700 : 400;
  const fontStyle = style === 'italic' ? 'italic' : 'normal';
  const label = escapeXml(product.name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180" role="img">',
    `<title>${label}</title>`,
    '<rect width="320" height="180" rx="16" fill="#f8fafc"/>',
    '<rect x="24" y="24" width="200" height="44" rx="18" fill="#ffffff" stroke="#e2e8f0"/>',
    '<text x="42" y="52" font-family="system-ui, sans-serif" font-size="16" fill="#334155">Hi! How are you?</text>',
    `<path d="M96 92h176a18 18 0 0 1 18 18v20a18 18 0 0 1-18 18H96a18 18 0 0 1-18-18v-20a18 18 0 0 1 18-18z" fill="${colors.background}"/>`,
    `<path d="M272 148l22 14-4-24z" fill="${colors.background}"/>`,
    `<text x="184" y="126" text-anchor="middle" font-family="system-ui, sans-serif" font-size="17" font-weight="${weight}" font-style="${fontStyle}" fill="${colors.text}">Great, thanks!</text>`,
    '</svg>',
  ].join('');
}
