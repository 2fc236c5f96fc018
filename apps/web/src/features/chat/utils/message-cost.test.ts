import type { AttachmentCosts } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { chargedCosts, messageCost, textCostPreview, uploadType } from './message-cost';

const costs: AttachmentCosts = { image: 10, document: 20, audio: 30, video: 40, message_symbol_cost: 2, max_files: 5, max_file_bytes: 5 * 1024 * 1024 };

describe('uploadType', () => {
  it('maps MIME majors and sends anything unknown as a document', () => {
    expect(uploadType({ type: 'image/png' })).toBe('image');
    expect(uploadType({ type: 'audio/mpeg' })).toBe('audio');
    expect(uploadType({ type: 'video/mp4' })).toBe('video');
    expect(uploadType({ type: 'application/pdf' })).toBe('document');
    expect(uploadType({ type: '' })).toBe('document');
  });
});

describe('messageCost', () => {
  it('charges the symbol cost per Unicode code point', () => {
    expect(messageCost('hello', [], costs)).toBe(10);
    // One emoji is one code point (two UTF-16 units): it costs one symbol.
    expect(messageCost('hi 👋', [], costs)).toBe(8);
  });

  it('adds each attachment by type', () => {
    const files = [{ type: 'image/png' }, { type: 'application/zip' }, { type: 'video/webm' }];
    expect(messageCost('ab', files, costs)).toBe(4 + 10 + 20 + 40);
  });

  it('is 0 for blank text without files, or before costs are known', () => {
    expect(messageCost('   ', [], costs)).toBe(0);
    expect(messageCost('hello', [], null)).toBe(0);
  });
});

describe('textCostPreview', () => {
  it('shows only for non-empty text with a cost above 0', () => {
    expect(textCostPreview('abc', costs)).toBe(6);
    expect(textCostPreview('', costs)).toBeNull();
    expect(textCostPreview('  ', costs)).toBeNull();
    expect(textCostPreview('abc', { ...costs, message_symbol_cost: 0 })).toBeNull();
    expect(textCostPreview('abc', undefined)).toBeNull();
  });
});

describe('chargedCosts', () => {
  it('previews nothing for an interlocutor, who is never charged, and keeps the file limits', () => {
    const free = chargedCosts(costs, true);
    expect(textCostPreview('hello', free)).toBeNull();
    expect(messageCost('hello', [{ type: 'image/png' }], free)).toBe(0);
    expect(free).toMatchObject({ max_files: 5, max_file_bytes: 5 * 1024 * 1024 });
  });

  it("leaves a paying user's prices as they are", () => {
    expect(textCostPreview('hello', chargedCosts(costs, false))).toBe(10);
  });
});
