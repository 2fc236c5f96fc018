import { complaintLimits, type DecisionStatement } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useFileComplaint } from '../api/decisions';

/**
 * One statement of reasons (DSA Art. 17): the decision, the facts, the rule relied on, whether it was automated,
 * and how to contest it — with `Contest this decision` while the six months last, or the complaint's state.
 */
export function StatementCard({ statement, target }: { statement: DecisionStatement; target: { statementId: number } | { token: string } }) {
  const { t } = useI18n();
  const [contesting, setContesting] = useState(false);
  const type = statement.type;
  const ground = t(`decisions.ground.${type}`);
  return (
    <article className="card statement" aria-labelledby={`statement-${statement.id}`} data-statement={statement.id}>
      <h3 className="card__title" id={`statement-${statement.id}`}>
        {t('decisions.noticeTitle', { type })}
      </h3>
      <p className="muted">{t('decisions.decidedOn', { date: formatDate(statement.created_at) })}</p>
      <dl className="statement__fields">
        <dt>{t('decisions.decisionLabel')}</dt>
        <dd>{t(`decisions.decision.${type}`)}</dd>
        <dt>{t('decisions.factsLabel')}</dt>
        <dd>{statement.facts ?? t(`decisions.facts.${type}`)}</dd>
        <dt>{t('decisions.groundLabel')}</dt>
        <dd>{statement.ground_detail ? `${ground} (#${statement.ground_detail})` : ground}</dd>
        <dt>{t('decisions.automatedLabel')}</dt>
        <dd>{statement.automated ? t('decisions.automatedYes') : t('decisions.automatedNo')}</dd>
      </dl>
      {statement.complaint ? (
        <p role="status">
          <strong>{t('decisions.complaintStatus', { status: statement.complaint.status })}</strong>
          {statement.complaint.reasons ? ` ${t('decisions.complaintReasons', { reasons: statement.complaint.reasons })}` : null}
        </p>
      ) : statement.can_contest ? (
        <>
          <p>{t('decisions.contestUntil', { date: formatDate(statement.contest_until) })}</p>
          {contesting ? (
            <ComplaintForm target={target} onDone={() => setContesting(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setContesting(true)}>
              {t('decisions.contest')}
            </Button>
          )}
        </>
      ) : (
        <p className="muted">{t('decisions.contestClosed')}</p>
      )}
    </article>
  );
}

function ComplaintForm({ target, onDone }: { target: { statementId: number } | { token: string }; onDone: () => void }) {
  const { t, localize } = useI18n();
  const fileComplaint = useFileComplaint(target);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fileComplaint.mutate(
      { text, file },
      {
        onSuccess: () => {
          toast.success(t('decisions.complaintSent'));
          onDone();
        },
        onError: (failure) => setError(failure instanceof ApiError ? localize(failure.firstError() ?? failure.message) : t('common.anErrorOccurred')),
      },
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Textarea
        label={t('decisions.complaintText')}
        value={text}
        limit={complaintLimits.textMax}
        minLength={complaintLimits.textMin}
        required
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <label className="field">
        <span className="field__label">{t('decisions.complaintFile')}</span>
        <input type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <Button type="submit" loading={fileComplaint.isPending} disabled={text.trim().length < complaintLimits.textMin}>
        {t('decisions.complaintSend')}
      </Button>
    </form>
  );
}
