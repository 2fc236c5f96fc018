import { type Block } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useBlocks, useUnblock } from '../api/blocks';

/** Account → Blocked: the people this user blocked, by the chat name they had, with Unblock. */
export function BlockedList() {
  const { t, localize } = useI18n();
  const { data: blocks, isPending, isError, refetch } = useBlocks();
  const unblock = useUnblock();
  const onUnblock = (block: Block) =>
    unblock.mutate(block, {
      onSuccess: () => toast.success(t('blocks.unblocked', { name: block.chat_name })),
      onError: (error) => toast.error(error instanceof ApiError ? localize(error.message) : t('common.anErrorOccurred')),
    });

  if (isPending) return <Spinner />;
  if (isError)
    return (
      <div role="alert" className="page-state">
        <p>{t('common.anErrorOccurred')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('topics.tryAgain')}
        </Button>
      </div>
    );
  if (blocks.length === 0) return <p className="muted">{t('blocks.empty')}</p>;
  return (
    <ul className="blocked-list" aria-label={t('blocks.tab')}>
      {blocks.map((block) => (
        <li key={block.id} className="blocked-list__item">
          <span className="blocked-list__who">
            <strong>{block.chat_name}</strong>
            <span className="muted">{t('blocks.blockedOn', { date: formatDate(block.created_at) })}</span>
          </span>
          <Button variant="secondary" size="sm" loading={unblock.isPending && unblock.variables?.id === block.id} onClick={() => onUnblock(block)}>
            {t('blocks.unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
