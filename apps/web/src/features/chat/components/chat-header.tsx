import { texts, type ChatMode, type Topic } from '@parley/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatCoins } from '../../../lib/format';
import { useSettings } from '../../../lib/reference';
import type { SocketStatus } from '../utils/topic-socket';

interface Props {
  topic: Topic | null;
  name: string;
  status: string;
  balance: number | null;
  socketStatus: SocketStatus;
  showConnection: boolean;
  canSwitchMode: boolean;
  onLeave: () => void;
  onModeChange: (mode: ChatMode) => void;
  menu: ReactNode;
}

/** Chat header (spec §2): Leave Chat, interlocutor and status, balance, settings, AI / Human. */
export function ChatHeader({ topic, name, status, balance, socketStatus, showConnection, canSwitchMode, onLeave, onModeChange, menu }: Props) {
  const mode = topic?.chat_mode ?? 'human';
  const { data: settings } = useSettings();
  return (
    <header className="chat-header">
      <Button variant="ghost" size="sm" className="chat-header__leave" onClick={onLeave}>
        <span aria-hidden="true">←</span> {texts.chat.leaveChat}
      </Button>
      <div className="chat-header__who">
        <span className={`chat-avatar${mode === 'ai' ? ' chat-avatar--ai' : ''}`} aria-hidden="true">
          {mode === 'ai' ? 'AI' : (name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <div className="chat-header__text">
          <span className="chat-header__name">
            {name}
            {mode === 'ai' && settings?.demo_companion && <span className="chat-header__demo">{texts.topics.demoCompanion}</span>}
          </span>
          <span className="chat-header__status">
            <span className={`status-dot${status === texts.chat.online ? ' status-dot--online' : ''}`} aria-hidden="true" />
            <span data-testid="chat-status">{status}</span>
            {showConnection && <ConnectionIndicator status={socketStatus} />}
          </span>
        </div>
      </div>
      <div className="chat-header__tools">
        <span className="chat-header__balance" aria-label="Balance">
          {balance === null ? texts.common.loading : formatCoins(balance)}
        </span>
        <div className="mode-toggle" role="group" aria-label="Chat mode">
          {(['ai', 'human'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`mode-toggle__btn${mode === value ? ' is-active' : ''}`}
              aria-pressed={mode === value}
              disabled={!canSwitchMode}
              onClick={() => mode !== value && onModeChange(value)}
            >
              {value === 'ai' ? 'AI' : 'Human'}
            </button>
          ))}
        </div>
        {menu}
      </div>
    </header>
  );
}

const connectionLabels: Record<SocketStatus, { label: string; title: string }> = {
  live: { label: 'Live', title: 'Connected: messages arrive instantly' },
  connecting: { label: 'Connecting…', title: 'Connecting; checking for new messages every 5 seconds' },
  offline: { label: 'Reconnecting…', title: 'Live connection lost: checking for new messages every 5 seconds' },
};

/** A small dot: live push, or the 5 s polling fallback. */
export function ConnectionIndicator({ status }: { status: SocketStatus }) {
  const { label, title } = connectionLabels[status];
  return (
    <span className={`connection connection--${status}`} title={title} data-testid="connection-indicator" data-status={status}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__label">{label}</span>
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
        aria-label="Chat settings"
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
