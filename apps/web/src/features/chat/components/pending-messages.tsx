import { useT } from '../../../lib/i18n';
import { type PendingSend } from '../utils/local-echo';

interface Props {
  pending: readonly PendingSend[];
  onRetry: (clientId: string) => void;
  onRemove: (clientId: string) => void;
}

/**
 * The user's own messages (text, or files with their upload progress) the server has not confirmed yet (issue 34 §2): 'Sending…' in place of the
 * time until the server's copy replaces the bubble, or 'Not sent' with the reason; Retry sends the same
 * message again (its client id: stored and charged once), Remove drops it.
 */
export function PendingMessages({ pending, onRetry, onRemove }: Props) {
  const t = useT();
  return pending.map((item) => (
    <div
      key={`pending-${item.clientId}`}
      className={`message message--mine message--${item.status === 'failed' ? 'failed' : 'sending'}`}
      data-client-id={item.clientId}
      data-status={item.status}
    >
      <div className="msg-bubble">
        {item.files && item.files.length > 0 && (
          <ul className="pending-files">
            {item.files.map((file, index) => (
              <li key={`${index}-${file.name}`} className="pending-files__item">
                {file.preview ? <img className="pending-files__thumb" src={file.preview} alt="" /> : <span aria-hidden="true">📎</span>}
                <span className="pending-files__name">{file.name}</span>
              </li>
            ))}
          </ul>
        )}
        {item.content !== '' && <p className="msg-bubble__text">{item.content}</p>}
        {item.status === 'sending' && item.progress !== undefined && (
          <div
            className="upload-progress"
            role="progressbar"
            aria-label={t('chatUi.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(item.progress * 100)}
          >
            <div className="upload-progress__bar" style={{ width: `${Math.round(item.progress * 100)}%` }} />
          </div>
        )}
        {item.status === 'sending' ? (
          <span className="msg-bubble__status">{t('chatSend.sending')}</span>
        ) : (
          <span className="msg-bubble__failed" role="alert">
            {t('chatSend.notSent', { reason: item.reason ?? t('chat.failedSend') })}
          </span>
        )}
      </div>
      {item.status === 'failed' && (
        <div className="message__pending-actions">
          {!item.refused && (
            <button type="button" className="message__pending-action" onClick={() => onRetry(item.clientId)}>
              {t('chatSend.retry')}
            </button>
          )}
          <button type="button" className="message__pending-action" onClick={() => onRemove(item.clientId)}>
            {t('chatSend.remove')}
          </button>
        </div>
      )}
    </div>
  ));
}
