import { oncallLimits } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useAddSavedReply, useDeleteSavedReply, useSavedReplies } from '../api/saved-replies';

/** Saved replies (issue 35 §1): short texts an interlocutor inserts into a chat; never sent on their own. */
export function SavedRepliesManager() {
  const { t, localize } = useI18n();
  const { data: replies = [] } = useSavedReplies();
  const addReply = useAddSavedReply();
  const deleteReply = useDeleteSavedReply();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (error: unknown) => toast.error(error instanceof ApiError ? localize(error.message) : t('common.anErrorOccurred'));
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setBusy(true);
    try {
      await addReply.mutateAsync(text);
      setText('');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card oncall__card">
      <h2>{t('oncall.savedRepliesTitle')}</h2>
      <p className="muted">{t('oncall.savedRepliesIntro')}</p>
      {replies.length === 0 ? (
        <p className="muted">{t('oncall.noSavedReplies')}</p>
      ) : (
        <ul className="oncall__list">
          {replies.map((reply) => (
            <li key={reply.id} className="oncall__entry">
              <p>{reply.text}</p>
              <Button size="sm" variant="ghost" onClick={() => void deleteReply.mutateAsync(reply.id).catch(fail)}>
                {t('oncall.deleteSavedReply')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="oncall__add" onSubmit={(event) => void add(event)}>
        <TextField
          label={t('oncall.savedReplyPlaceholder')}
          value={text}
          maxLength={oncallLimits.savedReplyMax}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" loading={busy} disabled={text.trim() === ''}>
          {t('oncall.addSavedReply')}
        </Button>
      </form>
    </div>
  );
}
