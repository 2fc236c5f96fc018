import { type ChatMode, type Topic } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import type { SocketStatus } from '../utils/topic-socket';

interface Props {
  topic: Topic | null;
  name: string;
  status: string;
  /** Two people are in the chat: the status dot lights up. */
  online: boolean;
  balance: number | null;
  socketStatus: SocketStatus;
  showConnection: boolean;
  canSwitchMode: boolean;
  onLeave: () => void;
  onModeChange: (mode: ChatMode) => void;
  menu: ReactNode;
  /** Beside the interlocutor's name: the 'Top rated' badge (issue 35). */
  badge?: ReactNode;
}

/** Chat header (spec §2): Leave Chat, interlocutor and status, balance, settings, AI / Human. */
export function ChatHeader({ topic, name, status, online, balance, socketStatus, showConnection, canSwitchMode, onLeave, onModeChange, menu, badge }: Props) {
  const mode = topic?.chat_mode ?? 'human';
  const t = useT();
  const { data: settings } = useSettings();
  return (
    <header className="chat-header">
      <Button variant="ghost" size="sm" className="chat-header__leave" onClick={onLeave}>
        <span aria-hidden="true">←</span> {t('chat.leaveChat')}
      </Button>
      <div className="chat-header__who">
        <span className={`chat-avatar${mode === 'ai' ? ' chat-avatar--ai' : ''}`} aria-hidden="true">
          {mode === 'ai' ? t('topicsUi.modeAi') : (name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <div className="chat-header__text">
          <span className="chat-header__name">
            {name}
            {badge}
            {mode === 'ai' && settings?.demo_companion && <span className="chat-header__demo">{t('topics.demoCompanion')}</span>}
          </span>
          <span className="chat-header__status">
            <span className={`status-dot${online ? ' status-dot--online' : ''}`} aria-hidden="true" />
            <span data-testid="chat-status">{status}</span>
            {showConnection && <ConnectionIndicator status={socketStatus} />}
          </span>
        </div>
      </div>
      <div className="chat-header__tools">
        <span className="chat-header__balance" aria-label={t('coinsUi.balance')}>
          {balance === null ? t('common.loading') : t('coinsUi.coinCount', { n: balance, nText: formatNumber(balance) })}
        </span>
        <div className="mode-toggle" role="group" aria-label={t('chatUi.chatMode')}>
          {(['ai', 'human'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`mode-toggle__btn${mode === value ? ' is-active' : ''}`}
              aria-pressed={mode === value}
              disabled={!canSwitchMode}
              onClick={() => mode !== value && onModeChange(value)}
            >
              {value === 'ai' ? t('topicsUi.modeAi') : t('topicsUi.modeHuman')}
            </button>
          ))}
        </div>
        {menu}
      </div>
    </header>
  );
}

const connectionLabels: Record<SocketStatus, { label: TextKey; title: TextKey }> = {
  live: { label: 'chatUi.live', title: 'chatUi.liveTitle' },
  connecting: { label: 'chatUi.connecting', title: 'chatUi.connectingTitle' },
  offline: { label: 'chatUi.reconnecting', title: 'chatUi.reconnectingTitle' },
};

/** A small dot: live push, or the 5 s polling fallback. */
export function ConnectionIndicator({ status }: { status: SocketStatus }) {
  const t = useT();
  const { label, title } = connectionLabels[status];
  return (
    <span className={`connection connection--${status}`} title={t(title)} data-testid="connection-indicator" data-status={status}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__label">{t(label)}</span>
    </span>
  );
}

interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/** The settings control: a menu of chat actions. */
export function ChatSettingsMenu({ items }: { items: MenuItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="chat-menu" ref={ref}>
      <button
        type="button"
        className="icon-button chat-menu__toggle"
        aria-label={t('chatUi.chatSettings')}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div className="chat-menu__panel">
          <ul className="chat-menu__list" role="menu">
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="chat-menu__item"
                  disabled={item.disabled}
                  onClick={() => {
                    setOpen(false);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
