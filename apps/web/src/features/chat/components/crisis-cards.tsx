import { crisisPageSlug, type CrisisCard as CrisisCardData } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { chatKeys } from '../hooks/chat-room/chat-cache';

/** Written by the send's answer or a pushed event (chat-cache.ts); never fetched. */
const useChatFlag = <T,>(key: readonly unknown[]) =>
  useQuery<T | null>({ queryKey: key, queryFn: () => null, enabled: false, initialData: null, staleTime: Infinity }).data;

/**
 * Crisis care (issue 36 §1). The writer of a message that suggests risk sees a calm card with the helplines of
 * their country, at once and only on their screen; an interlocutor whose partner wrote such a message sees a short
 * protocol card. Neither blocks the chat: both close with one click.
 */
export function CrisisCards({ topicId }: { topicId: number }) {
  const client = useQueryClient();
  const card = useChatFlag<CrisisCardData>(chatKeys.crisisCard(topicId));
  const protocol = useChatFlag<boolean>(chatKeys.crisisProtocol(topicId));
  if (!card && !protocol) return null;
  return (
    <div className="crisis-cards">
      {card && <WriterCard card={card} onClose={() => client.setQueryData(chatKeys.crisisCard(topicId), null)} />}
      {protocol && <ProtocolCard onClose={() => client.setQueryData(chatKeys.crisisProtocol(topicId), null)} />}
    </div>
  );
}

function WriterCard({ card, onClose }: { card: CrisisCardData; onClose: () => void }) {
  const t = useT();
  return (
    <section className="crisis-card" aria-labelledby="crisis-card-title" data-testid="crisis-card">
      <h2 id="crisis-card-title" className="crisis-card__title">
        {t('crisis.cardTitle')}
      </h2>
      <p>{t('crisis.cardIntro')}</p>
      <ul className="crisis-card__lines">
        {card.helplines.map((line) => (
          <li key={line.name}>
            <strong>{line.name}</strong>
            {line.phone && (
              <>
                {' '}
                <a href={`tel:${line.phone.replace(/[^\d+]/g, '')}`} aria-label={t('crisis.call', { phone: line.phone })}>
                  {line.phone}
                </a>
              </>
            )}
            {line.text && <span className="crisis-card__text"> · {line.text}</span>}
            {line.url && (
              <>
                {' · '}
                <a href={line.url} target="_blank" rel="noopener noreferrer">
                  {t('crisis.website')}
                </a>
              </>
            )}
            {line.note && <p className="crisis-card__note">{line.note}</p>}
          </li>
        ))}
      </ul>
      <p className="crisis-card__emergency">{t('crisis.cardEmergency')}</p>
      <p className="crisis-card__private">{t('crisis.cardPrivate')}</p>
      <div className="crisis-card__actions">
        <Link to={paths.staticPage.getHref(card.page_slug)}>{t('crisis.cardPageLink')}</Link>
        <Button variant="secondary" onClick={onClose}>
          {t('crisis.cardClose')}
        </Button>
      </div>
    </section>
  );
}

function ProtocolCard({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <section className="crisis-card crisis-card--protocol" aria-labelledby="crisis-protocol-title" data-testid="crisis-protocol">
      <h2 id="crisis-protocol-title" className="crisis-card__title">
        {t('crisis.protocolTitle')}
      </h2>
      <p>{t('crisis.protocolSay')}</p>
      <p>{t('crisis.protocolAvoid')}</p>
      <div className="crisis-card__actions">
        <Link to={paths.staticPage.getHref(crisisPageSlug)}>{t('crisis.protocolPage')}</Link>
        <Button variant="secondary" onClick={onClose}>
          {t('crisis.protocolDismiss')}
        </Button>
      </div>
    </section>
  );
}
