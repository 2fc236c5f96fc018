import { type AttachmentCosts } from '@parley/contracts';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { drafts } from '../../../lib/drafts';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { canSend } from '../utils/chat-status';
import { addFiles, defaultFileRules, imageAccept, type FileRules } from '../utils/file-validation';
import { textCostPreview } from '../utils/message-cost';
import { SendFilesModal } from './send-files-modal';

interface Props {
  disabled: boolean;
  placeholder: string;
  isInChat: boolean;
  costs: AttachmentCosts | null;
  /**
   * The message is shown in the conversation at once (local echo), files with their upload progress: the box
   * empties on Enter (the files dialog closes on Send) and gets the text back only if the promise rejects (the
   * server refused it).
   */
  onSend: (content: string, files: File[]) => Promise<unknown>;
  onTyping: (isTyping: boolean) => void;
  /** Where this account keeps its draft of this topic (lib/drafts.ts); none is kept without one. */
  draftKey?: string | null;
  /** Extra composer tools composed by the route (an interlocutor's saved replies): `insert` adds text to the box, never sends it. */
  tools?: (insert: (text: string) => void) => ReactNode;
}

/** The input of spec §5 Message send: Enter sends, Shift+Enter breaks the line, the text cost shows beside it. */
export function ChatInput({ disabled, placeholder, isInChat, costs, onSend, onTyping, draftKey = null, tools }: Props) {
  const { t } = useI18n();
  const [content, setContentState] = useState(() => drafts.read(draftKey));
  const contentNow = useRef(content);
  /** Every change is the draft at once: a reload or a crashed tab keeps it (issue 34 §2). */
  const setContent = (text: string) => {
    contentNow.current = text;
    setContentState(text);
    drafts.write(draftKey, text);
  };
  // The account becomes known after the first render: its draft of this topic comes in unless something was typed.
  useEffect(() => {
    const saved = drafts.read(draftKey);
    if (saved !== '' && contentNow.current === '') {
      contentNow.current = saved;
      setContentState(saved);
    }
  }, [draftKey]);
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [rules, setRules] = useState<FileRules>(defaultFileRules);
  const [modalOpen, setModalOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const insert = (text: string) => {
    const current = contentNow.current;
    setContent(current === '' ? text : `${current}${/\s$/.test(current) ? '' : ' '}${text}`);
    textRef.current?.focus();
  };

  const limits: FileRules = {
    ...defaultFileRules,
    maxFiles: costs?.max_files ?? defaultFileRules.maxFiles,
    maxFileBytes: costs?.max_file_bytes ?? defaultFileRules.maxFileBytes,
  };
  const inputDisabled = disabled;
  const preview = textCostPreview(content, costs);

  const submit = async (withFiles: File[]) => {
    if (!canSend(content, withFiles.length, inputDisabled, isInChat)) return;
    onTyping(false);
    const text = content;
    // The bubble shows at once (with the files' upload progress) and the box is free for the next message.
    setContent('');
    if (withFiles.length > 0) {
      setFiles([]);
      setFileErrors([]);
      setModalOpen(false);
      requestAnimationFrame(() => textRef.current?.focus());
    }
    try {
      await onSend(text, withFiles);
    } catch {
      // The bubble says why; the text comes back to be changed or sent later, unless something new was typed.
      if (contentNow.current === '') setContent(text);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit([]);
    }
  };

  const pick = (list: FileList | null, imagesOnly: boolean) => {
    if (!list || list.length === 0) return;
    const nextRules = { ...limits, imagesOnly };
    const result = addFiles([], [...list], nextRules, t);
    setRules(nextRules);
    setFiles(result.accepted);
    setFileErrors(result.errors);
    setModalOpen(true);
  };

  return (
    <div className="chat-input">
      <div className="chat-input__row">
        {tools && !inputDisabled && tools(insert)}
        <input
          ref={imageInput}
          type="file"
          accept={imageAccept}
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            pick(e.target.files, true);
            e.target.value = '';
          }}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            pick(e.target.files, false);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          className="icon-button chat-input__attach"
          aria-label={t('chatUi.sendImage')}
          disabled={inputDisabled}
          onClick={() => imageInput.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </button>
        <button
          type="button"
          className="icon-button chat-input__attach"
          aria-label={t('chatUi.sendFile')}
          disabled={inputDisabled}
          onClick={() => fileInput.current?.click()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M16.5 6.5l-7.8 7.8a2 2 0 0 0 2.8 2.8l8-8a4 4 0 0 0-5.6-5.6l-8 8a6 6 0 0 0 8.5 8.5l6.4-6.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <div className="chat-input__field">
          <textarea
            ref={textRef}
            className="chat-input__textarea"
            rows={1}
            value={content}
            placeholder={placeholder}
            disabled={inputDisabled}
            aria-label={t('chatUi.message')}
            maxLength={4000}
            onChange={(e) => {
              setContent(e.target.value);
              onTyping(e.target.value.trim() !== '');
            }}
            onKeyDown={onKeyDown}
            onBlur={() => onTyping(false)}
          />
          {preview !== null && (
            <span className="chat-input__cost" aria-label={t('chatUi.costLabel', { cost: formatNumber(preview) })}>
              {t('chatUi.costShort', { cost: formatNumber(preview) })}
            </span>
          )}
        </div>
        <button
          type="button"
          className="chat-input__send"
          aria-label={t('chatUi.sendMessage')}
          disabled={!canSend(content, 0, inputDisabled, isInChat)}
          onClick={() => void submit([])}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M4 12l16-8-6 16-2.5-6.5z" fill="currentColor" />
          </svg>
        </button>
      </div>
      <SendFilesModal
        open={modalOpen}
        files={files}
        errors={fileErrors}
        rules={rules}
        costs={costs}
        caption={content}
        onChange={(next, errors) => {
          setFiles(next);
          setFileErrors(errors);
        }}
        onSend={() => void submit(files)}
        onClose={() => {
          setModalOpen(false);
          setFiles([]);
          setFileErrors([]);
        }}
      />
    </div>
  );
}
