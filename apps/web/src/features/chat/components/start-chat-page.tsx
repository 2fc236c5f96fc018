import { texts, type ChatMode } from '@parley/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatCoins } from '../../../lib/format';
import { useUser } from '../../../lib/user';
import { useStartChat } from '../hooks/use-start-chat';
import { ChatNotices } from './chat-notices';

const modes: { value: ChatMode; label: string; hint: string }[] = [
  { value: 'human', label: 'Human', hint: 'Talk with a real person. You wait until someone joins.' },
  { value: 'ai', label: 'AI', hint: 'Talk with the AI companion right away.' },
];

/** Start chat screen (spec §2): mode selector, 'Start! Chat', balance with 'Top Up'. */
export function StartChatPage() {
  const [mode, setMode] = useState<ChatMode>('human');
  const { data: user } = useUser();
  const { start, starting } = useStartChat();

  return (
    <div className="chat-page chat-page--centered">
      <div className="container container--narrow">
        <div className="start-card">
          <h1>Start a chat</h1>
          <fieldset className="mode-select">
            <legend>Who do you want to talk to?</legend>
            {modes.map((m) => (
              <label key={m.value} className={`mode-select__option${mode === m.value ? ' is-selected' : ''}`}>
                <input type="radio" name="chat-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} />
                <span className="mode-select__label">{m.label}</span>
                <span className="mode-select__hint">{m.hint}</span>
              </label>
            ))}
          </fieldset>
          <Button size="lg" block onClick={() => void start(mode)} loading={starting}>
            {texts.chat.startChat}
          </Button>
          <div className="start-card__balance">
            <span>
              Balance: <strong>{user ? formatCoins(user.balance) : texts.common.loading}</strong>
            </span>
            <Link to={paths.account.getHref()} className={buttonClass('secondary', 'sm')}>
              {texts.account.topUp}
            </Link>
          </div>
        </div>
      </div>
      <ChatNotices />
    </div>
  );
}
