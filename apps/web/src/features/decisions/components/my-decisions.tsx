import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useDecisions } from '../api/decisions';
import { StatementCard } from './statement-card';

/** Account → My decisions: every statement of reasons about this person, newest first; `?statement=<id>` scrolls to one. */
export function MyDecisions() {
  const t = useT();
  const { data: statements, isPending, isError, refetch } = useDecisions();
  const [params] = useSearchParams();
  const focus = params.get('statement');
  useEffect(() => {
    if (focus && statements) document.querySelector(`[data-statement="${CSS.escape(focus)}"]`)?.scrollIntoView({ block: 'start' });
  }, [focus, statements]);

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
  return (
    <section className="stack" aria-label={t('decisions.tab')}>
      <p className="muted">{t('decisions.intro')}</p>
      {statements.length === 0 ? <p>{t('decisions.none')}</p> : null}
      {statements.map((statement) => (
        <StatementCard key={statement.id} statement={statement} target={{ statementId: statement.id }} />
      ))}
    </section>
  );
}
