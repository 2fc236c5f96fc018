import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useUser } from '../../../lib/user';
import { useSavedReplies } from '../api/saved-replies';
import '../oncall.css';

/** The chat composer's saved replies (issue 35 §1): a pick inserts the text into the box; sending stays the user's. */
export function SavedRepliesPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const t = useT();
  const { data: user } = useUser();
  const isInterlocutor = user?.is_contributor === true;
  const { data: replies = [] } = useSavedReplies(isInterlocutor);
  const [open, setOpen] = useState(false);
  if (!isInterlocutor || replies.length === 0) return null;
  return (
    <div className="saved-replies-picker">
      <button
        type="button"
        className="icon-button chat-input__attach"
        aria-label={t('oncall.insertSavedReply')}
        aria-expanded={open}
        title={t('oncall.insertSavedReply')}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M5 4h14v12H9l-4 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M8 8h8M8 11h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <ul className="saved-replies-picker__menu" aria-label={t('oncall.savedRepliesTitle')}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <button
                type="button"
                onClick={() => {
                  onInsert(reply.text);
                  setOpen(false);
                }}
              >
                {reply.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
