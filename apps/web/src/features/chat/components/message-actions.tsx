import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';

/** Copies a message's text; a toast says it worked (or how to copy by hand). */
async function copyText(text: string, t: ReturnType<typeof useT>) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('companionControls.copied'));
  } catch {
    toast.error(t('companionControls.copyFailed'));
  }
}

interface Props {
  text: string;
  /** A regenerated reply's versions (issue 34): which one shows, of how many, and how to switch. */
  versions?: { index: number; total: number; show: (index: number) => void };
  /** The last reply of an AI chat, when nothing is being written: write a new one to the same message. */
  onRegenerate?: () => void;
}

/** The actions under a message bubble: copy on every message; version switcher and regenerate on the companion's replies. */
export function MessageActions({ text, versions, onRegenerate }: Props) {
  const t = useT();
  return (
    <div className="msg-actions">
      {versions && versions.total > 1 && (
        <span className="msg-actions__versions">
          <button
            type="button"
            className="msg-actions__button"
            aria-label={t('companionControls.previousVersion')}
            disabled={versions.index === 0}
            onClick={() => versions.show(versions.index - 1)}
          >
            ‹
          </button>
          <span className="msg-actions__count" data-testid="reply-version">
            {t('companionControls.version', { current: versions.index + 1, total: versions.total })}
          </span>
          <button
            type="button"
            className="msg-actions__button"
            aria-label={t('companionControls.nextVersion')}
            disabled={versions.index === versions.total - 1}
            onClick={() => versions.show(versions.index + 1)}
          >
            ›
          </button>
        </span>
      )}
      {text && (
        <button type="button" className="msg-actions__button" aria-label={t('companionControls.copyLabel')} onClick={() => void copyText(text, t)}>
          {t('companionControls.copy')}
        </button>
      )}
      {onRegenerate && (
        <button type="button" className="msg-actions__button" aria-label={t('companionControls.regenerateLabel')} onClick={onRegenerate}>
          {t('companionControls.regenerate')}
        </button>
      )}
    </div>
  );
}

/** Stop, beside the reply being written (issue 34): the stream ends and what was shown stays as the reply. */
export function StopReplyButton({ onStop, stopping }: { onStop: () => void; stopping: boolean }) {
  const t = useT();
  return (
    <button
      type="button"
      className="msg-actions__button msg-actions__button--stop"
      aria-label={t('companionControls.stopLabel')}
      disabled={stopping}
      onClick={onStop}
    >
      <span className="msg-actions__stop-icon" aria-hidden="true" />
      {t('companionControls.stop')}
    </button>
  );
}
