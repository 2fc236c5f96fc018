import { attachmentTypes } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../reference/settings.service.js';
import { attachmentCosts } from './messages.service.js';

describe('attachment costs (issue 37 §5: derived from the attachment types)', () => {
  it('prices every attachment type by its own setting', () => {
    const settings = { ...defaultSettings, image_attachment_cost: 1, document_attachment_cost: 2, audio_attachment_cost: 3, video_attachment_cost: 4 };
    const costs = attachmentCosts(settings);
    expect({ image: costs.image, document: costs.document, audio: costs.audio, video: costs.video }).toEqual({ image: 1, document: 2, audio: 3, video: 4 });
    for (const type of attachmentTypes) expect(typeof costs[type]).toBe('number');
  });
});
