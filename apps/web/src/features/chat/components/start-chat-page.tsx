import { type ChatMode } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useUser } from '../../../lib/user';
import { useStartChat } from '../hooks/use-start-chat';
import { ChatNotices } from './chat-notices';

const modes: { value: ChatMode; label: TextKey; hint: TextKey }[] = [
  { value: 'human', label: 'topicsUi.modeHuman', hint: 'chatUi.humanHint' },
  { value: 'ai', label: 'topicsUi.modeAi', hint: 'chatUi.aiHint' },
];

/** Start chat screen (spec §2): mode selector, 'Start! Chat', balance with 'Top Up'. */
export function StartChatPage() {
  const t = useT();
  const [mode, setMode] = useState<ChatMode>('human');
  const { data: user } = useUser();
  const { start, starting } = useStartChat();

  return (
    <div className="chat-page chat-page--centered">
      <div className="container container--narrow">
        <div className="start-card">
          <h1>{t('chatUi.startTitle')}</h1>
          <fieldset className="mode-select">
            <legend>{t('chatUi.whoLegend')}</legend>
            {modes.map((m) => (
              <label key={m.value} className={`mode-select__option${mode === m.value ? ' is-selected' : ''}`}>
                <input type="radio" name="chat-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} />
                <span className="mode-select__label">{t(m.label)}</span>
                <span className="mode-select__hint">{t(m.hint)}</span>
              </label>
            ))}
          </fieldset>
          <Button size="lg" block onClick={() => void start(mode)} loading={starting}>
            {t('chat.startChat')}
          </Button>
          <div className="start-card__balance">
            <span>
              {t('chatUi.balanceLabel')}{' '}
              <strong>{user ? t('coinsUi.coinCount', { n: user.balance, nText: formatNumber(user.balance) }) : t('common.loading')}</strong>
            </span>
            <Link to={paths.account.getHref()} className={buttonClass('secondary', 'sm')}>
              {t('account.topUp')}
            </Link>
          </div>
        </div>
      </div>
      <ChatNotices />
    </div>
  );
}
