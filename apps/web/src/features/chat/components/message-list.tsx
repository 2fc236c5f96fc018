import { limits, type Attachment, type HeldMessage, type Message } from '@parley/contracts';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatFileSize } from '../../../lib/format';
import { useI18n, useT } from '../../../lib/i18n';
import { bubbleStyle } from '../utils/bubble-style';
import { type PendingSend } from '../utils/local-echo';
import { isOwnMessage } from '../utils/merge-messages';
import { PendingMessages } from './pending-messages';
import { foldVariants } from '../utils/reply-variants';
import { MessageActions, StopReplyButton } from './message-actions';

interface Props {
  messages: Message[];
  userId: number | null;
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  typing: boolean;
  /** The companion's reply as it is being written; its final message replaces it. */
  streamingText?: string | null;
  streamingName?: string | null;
  /** Shown instead of the list (a full chat). */
  notice?: string;
  /** The user's own messages waiting for a moderator (issue 15), after the rest. */
  held?: HeldMessage[];
  /** The user's own text messages not confirmed by the server yet (local echo, issue 34 §2), last. */
  pending?: readonly PendingSend[];
  onRetrySend?: (clientId: string) => void;
  onRemoveSend?: (clientId: string) => void;
  /** An AI chat's controls (issue 34): Stop while the companion writes, Regenerate on the last reply. */
  companion?: {
    onStop: () => void;
    stopping: boolean;
    onRegenerate: (messageId: number) => void;
    /** The reply being regenerated: its bubble gives way to the new one being written. */
    regeneratingId: number | null;
  };
}

const noPending: readonly PendingSend[] = [];
const ignore = () => undefined;

const timeOf = (iso: string, locale: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
};

/**
 * The message list of spec §2: older pages load within 150 px of the top
 * (keeping the view still), and new messages scroll into view only when the
 * reader is within 200 px of the bottom or sent them.
 */
export function MessageList({
  messages,
  userId,
  loading,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  typing,
  streamingText = null,
  streamingName = null,
  notice,
  held = [],
  pending = noPending,
  onRetrySend = ignore,
  onRemoveSend = ignore,
  companion,
}: Props) {
  const t = useT();
  // Which version of each regenerated reply the reader chose (group → message id); unset: the newest.
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(new Map());
  const writing = typing || Boolean(streamingText);
  const shown = foldVariants(messages, chosen).filter(
    ({ versions }) => !(writing && companion?.regeneratingId && versions.some((v) => v.id === companion.regeneratingId)),
  );
  const lastReply = [...shown].reverse().find(({ message }) => message.sender_kind !== 'system')?.message;
  const canRegenerate = (id: number) => companion !== undefined && !writing && lastReply?.id === id && lastReply.sender_kind === 'companion';
  const stop = companion && <StopReplyButton onStop={companion.onStop} stopping={companion.stopping} />;
  const ref = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const snapshot = useRef({ firstId: 0, lastId: 0, scrollHeight: 0, count: 0 });
  const [lightbox, setLightbox] = useState<Attachment | null>(null);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= limits.autoScrollPx;
    if (el.scrollTop <= limits.loadOlderPx && hasOlder && !loadingOlder) onLoadOlder();
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const previous = snapshot.current;
    const firstId = messages[0]?.id ?? 0;
    const last = messages[messages.length - 1];
    const lastId = last?.id ?? 0;
    if (previous.count === 0 && messages.length > 0) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    } else if (firstId !== previous.firstId && lastId === previous.lastId) {
      // Older messages went in above: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - previous.scrollHeight;
    } else if (lastId !== previous.lastId && (nearBottom.current || (last && isOwnMessage(last, userId)))) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
    snapshot.current = { firstId, lastId, scrollHeight: el.scrollHeight, count: messages.length };
  }, [messages, userId]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && (typing || streamingText) && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [typing, streamingText]);

  // The user's own new message is in view at once, wherever they had scrolled to.
  const pendingCount = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && pending.length > pendingCount.current) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
    pendingCount.current = pending.length;
  }, [pending.length]);

  // A short first page may not fill the view: there is no scroll to trigger the older page.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !loading && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [loading, hasOlder, loadingOlder, messages.length, onLoadOlder]);

  return (
    <div ref={ref} className="message-list" onScroll={onScroll} role="log" aria-live="polite" aria-label={t('chatUi.messages')}>
      {notice ? (
        <div className="message-list__empty">
          <p className="message-list__empty-title">{notice}</p>
        </div>
      ) : loading ? (
        <div className="message-list__empty">
          <Spinner />
          <p>{t('chat.loadingMessages')}</p>
        </div>
      ) : messages.length === 0 && held.length === 0 && pending.length === 0 && !typing && !streamingText ? (
        <div className="message-list__empty">
          <p className="message-list__empty-title">{t('chat.noMessages')}</p>
          <p className="muted">{t('chat.startTyping')}</p>
        </div>
      ) : (
        <>
          {loadingOlder && (
            <div className="message-list__older">
              <Spinner size="sm" label={t('chatUi.loadingOlder')} />
            </div>
          )}
          {shown.map(({ message, versions }) => {
            const index = versions.indexOf(message);
            const group = versions[0]!.variant_of ?? versions[0]!.id;
            return (
              <MessageBubble
                key={versions[0]!.id}
                message={message}
                own={isOwnMessage(message, userId)}
                onOpenImage={setLightbox}
                actions={
                  <MessageActions
                    text={message.content || message.text}
                    versions={{ index, total: versions.length, show: (i) => setChosen(new Map(chosen).set(group, versions[i]!.id)) }}
                    onRegenerate={
                      canRegenerate(message.id)
                        ? () => {
                            const next = new Map(chosen);
                            next.delete(group);
                            setChosen(next);
                            companion!.onRegenerate(message.id);
                          }
                        : undefined
                    }
                  />
                }
              />
            );
          })}
        </>
      )}
      {!notice &&
        held.map((message) => (
          <div key={`held-${message.id}`} className="message message--mine message--held" data-held-id={message.id}>
            <div className="msg-bubble">
              <p className="msg-bubble__text">{message.content}</p>
              <span className="msg-bubble__time">{t('contentRules.pendingReview')}</span>
            </div>
          </div>
        ))}
      {!notice && <PendingMessages pending={pending} onRetry={onRetrySend} onRemove={onRemoveSend} />}
      {streamingText && !notice && (
        // Hidden from screen readers while it grows: the log announces the completed reply once.
        <div className="message message--theirs" aria-hidden="true" data-streaming="true">
          {streamingName && <span className="message__sender">{streamingName}</span>}
          <div className="msg-bubble msg-bubble--streaming">
            <p className="msg-bubble__text">{streamingText}</p>
          </div>
        </div>
      )}
      {streamingText && !notice && stop && <div className="msg-actions msg-actions--stream">{stop}</div>}
      {typing && !streamingText && !notice && (
        <div className="message message--theirs" role="status">
          <div className="msg-bubble msg-bubble--typing">
            <span className="typing-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t('chat.writing')}
          </div>
          {stop}
        </div>
      )}
      <Modal open={lightbox !== null} onClose={() => setLightbox(null)} title={lightbox?.original_filename ?? ''} size="lg">
        {lightbox && <img className="lightbox__image" src={lightbox.url} alt={lightbox.original_filename} />}
      </Modal>
    </div>
  );
}

function MessageBubble({ message, own, onOpenImage, actions }: { message: Message; own: boolean; onOpenImage: (a: Attachment) => void; actions?: ReactNode }) {
  const { t, locale } = useI18n();
  const text = message.content || message.text;
  const images = message.attachments.filter((a) => a.type === 'image');
  const files = message.attachments.filter((a) => a.type !== 'image');
  const system = message.sender_kind === 'system';
  return (
    <div className={`message ${system ? 'message--system' : own ? 'message--mine' : 'message--theirs'}`} data-message-id={message.id}>
      {!own && !system && <span className="message__sender">{message.sender}</span>}
      <div className="msg-bubble" style={bubbleStyle(message.look)}>
        {images.length > 0 && (
          <div className={`msg-bubble__images msg-bubble__images--${Math.min(images.length, 3)}`}>
            {images.map((image) => (
              <button
                key={image.id}
                type="button"
                className="msg-bubble__image"
                onClick={() => onOpenImage(image)}
                aria-label={t('chatUi.openImage', { name: image.original_filename })}
              >
                <img src={image.url} alt={image.original_filename} loading="lazy" />
              </button>
            ))}
          </div>
        )}
        {files.length > 0 && (
          <ul className="msg-bubble__files">
            {files.map((file) => (
              <li key={file.id} className="file-chip">
                <span className="file-chip__icon" aria-hidden="true">
                  <FileIcon />
                </span>
                <span className="file-chip__text">
                  <span className="file-chip__name">{file.original_filename}</span>
                  <span className="file-chip__size">{formatFileSize(file.filesize)}</span>
                </span>
                <a
                  className="file-chip__download"
                  href={file.url}
                  download={file.original_filename}
                  aria-label={t('chatUi.download', { name: file.original_filename })}
                >
                  ↓
                </a>
              </li>
            ))}
          </ul>
        )}
        {text && <p className="msg-bubble__text">{text}</p>}
        <span className="msg-bubble__time">{timeOf(message.created_at, locale)}</span>
      </div>
      {!system && actions}
    </div>
  );
}

function FileIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <path
        d="M6 2.5h8l5 5V20a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 20V4a1.5 1.5 0 0 1 1-1.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path d="M14 2.5V8h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}
