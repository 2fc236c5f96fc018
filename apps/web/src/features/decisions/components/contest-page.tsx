import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useContestStatement } from '../api/decisions';
import { StatementCard } from './statement-card';

/** The page of a statement's contest link: a banned person cannot sign in, so the link's secret opens it. */
export function ContestPage({ token }: { token: string }) {
  const t = useT();
  const { data: statement, isPending, isError } = useContestStatement(token);
  if (isPending) return <Spinner />;
  if (isError || !statement)
    return (
      <p role="alert" className="page-state">
        {t('decisions.notFound')}
      </p>
    );
  return (
    <div className="stack">
      <h1>{t('decisions.contest')}</h1>
      <StatementCard statement={statement} target={{ token }} />
    </div>
  );
}
