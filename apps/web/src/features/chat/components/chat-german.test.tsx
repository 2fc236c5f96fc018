import type { AttachmentCosts } from '@parley/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../../test/render-in-language';
import { ChatInput } from './chat-input';
import { ConnectionIndicator } from './chat-header';

/** A German catalogue as GET /localizations answers it (only what these tests look at). */
const german: Record<string, string> = {
  'chatUi.message': 'Nachricht',
  'chatUi.sendImage': 'Bild senden',
  'chatUi.sendMessage': 'Nachricht senden',
  'chatUi.costLabel': 'Kosten: {cost} Punkte',
  'chatUi.costShort': '{cost} Pkt.',
  'chatUi.sendImages': 'Bilder senden',
  'chatUi.filesHint': '{count}/{max} Dateien · je bis zu {size}',
  'chat.imagesOnly': 'Nur PNG-, JPEG-, GIF- und WebP-Bilder sind erlaubt',
  'chatUi.live': 'Live',
  'chatUi.reconnecting': 'Verbinde neu …',
  'chatUi.reconnectingTitle': 'Live-Verbindung unterbrochen: neue Nachrichten werden alle 5 Sekunden abgerufen',
};

/** Renders with German chosen. */
const renderInGerman = (ui: ReactElement) => renderInLanguage(ui, german, 'de');

const costs: AttachmentCosts = { image: 20, document: 15, audio: 30, video: 40, message_symbol_cost: 2, max_files: 5, max_file_bytes: 5 * 1024 * 1024 };

afterEach(() => {
  cleanup();
});

describe('the chat in German', () => {
  it('labels the input, its buttons and the cost preview from the German catalogue', () => {
    renderInGerman(<ChatInput disabled={false} placeholder="" isInChat costs={costs} onSend={vi.fn()} onTyping={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(screen.getByRole('button', { name: 'Bild senden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'hallo' } });
    expect(screen.getByLabelText('Kosten: 10 Punkte').textContent).toBe('10 Pkt.');
  });

  it('checks picked files in German', () => {
    renderInGerman(<ChatInput disabled={false} placeholder="" isInChat costs={costs} onSend={vi.fn()} onTyping={vi.fn()} />);
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [svg] } });
    expect(screen.getByRole('dialog', { name: 'Bilder senden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Nur PNG-, JPEG-, GIF- und WebP-Bilder sind erlaubt');
    expect(screen.getByText('0/5 Dateien · je bis zu 5 MB')).toBeTruthy();
  });

  it('says how the chat is connected in German, and falls back to English for a missing text', () => {
    renderInGerman(<ConnectionIndicator status="offline" />);
    const indicator = screen.getByTestId('connection-indicator');
    expect(indicator.textContent).toBe('Verbinde neu …');
    expect(indicator.getAttribute('title')).toBe('Live-Verbindung unterbrochen: neue Nachrichten werden alle 5 Sekunden abgerufen');
    cleanup();
    renderInGerman(<ConnectionIndicator status="connecting" />);
    expect(screen.getByTestId('connection-indicator').textContent).toBe('Connecting…');
  });
});
