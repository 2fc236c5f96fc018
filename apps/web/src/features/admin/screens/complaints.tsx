import { adminComplaintsResponseSchema, complaintLimits, decidedComplaintResponseSchema, type AdminComplaint, type ComplaintStatus } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { AdminPage } from '../components/admin-layout';

const complaintsKey = (status: ComplaintStatus) => ['admin', '/complaints', status] as const;

/**
 * Complaints against decisions (issue 36 §2, DSA Art. 20): open ones by due date, overdue ones marked; each is
 * decided with reasons told to the person. The admin who made the contested decision cannot decide it.
 */
export function ComplaintsScreen() {
  const t = useT();
  const [status, setStatus] = useState<ComplaintStatus>('open');
  const list = useQuery({
    queryKey: complaintsKey(status),
    queryFn: async () => (await api.get('/admin/complaints', adminComplaintsResponseSchema, { query: { status }, withDefaults: false })).payload.items,
  });
  return (
    <AdminPage
      title={t('decisions.adminTitle')}
      actions={
        <>
          <a className="btn btn--secondary btn--sm" href="/api/admin/statements/export?format=json" download>
            {t('decisions.adminExportJson')}
          </a>
          <a className="btn btn--secondary btn--sm" href="/api/admin/statements/export?format=csv" download>
            {t('decisions.adminExportCsv')}
          </a>
        </>
      }
    >
      <p className="muted">{t('decisions.adminIntro')}</p>
      <label>
        Status{' '}
        <select value={status} onChange={(event) => setStatus(event.target.value as ComplaintStatus)}>
          <option value="open">{t('decisions.complaintStatus', { status: 'open' })}</option>
          <option value="upheld">{t('decisions.complaintStatus', { status: 'upheld' })}</option>
          <option value="rejected">{t('decisions.complaintStatus', { status: 'rejected' })}</option>
        </select>
      </label>
      {list.isPending ? <p>…</p> : null}
      {list.data?.length === 0 ? <p>{t('decisions.adminNone')}</p> : null}
      <ul className="stack" aria-label={t('decisions.adminTitle')}>
        {list.data?.map((complaint) => (
          <ComplaintItem key={complaint.id} complaint={complaint} />
        ))}
      </ul>
    </AdminPage>
  );
}

function ComplaintItem({ complaint }: { complaint: AdminComplaint }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [reasons, setReasons] = useState('');
  const decide = useMutation({
    mutationFn: async (outcome: 'upheld' | 'rejected') =>
      (await api.post(`/admin/complaints/${complaint.id}/decide`, decidedComplaintResponseSchema, { outcome, reasons }, { withDefaults: false })).payload,
    onSuccess: async () => {
      toast.success(t('decisions.adminDecided'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { statement } = complaint;
  const canDecide = complaint.status === 'open' && !complaint.is_own_decision;
  return (
    <li className="card" data-complaint={complaint.id}>
      <h2 className="card__title">
        #{complaint.id} · {t('decisions.typeLabel', { type: statement.type })} · {statement.subject_type} {statement.subject_id}
      </h2>
      <p>
        {complaint.status === 'open'
          ? t('decisions.adminDue', { date: formatDate(complaint.due_at) })
          : t('decisions.complaintStatus', { status: complaint.status })}
        {complaint.is_overdue ? <strong> · {t('decisions.adminOverdue')}</strong> : null}
      </p>
      <p>
        {t('decisions.factsLabel')}: {statement.facts ?? t(`decisions.facts.${statement.type}`)} · {t('decisions.automatedLabel')}:{' '}
        {statement.automated ? t('decisions.automatedYes') : t('decisions.automatedNo')}
        {statement.coins > 0 ? ` · ${statement.coins}` : null}
      </p>
      <blockquote className="admin-report-reason">{complaint.text}</blockquote>
      {complaint.has_file ? (
        <p>
          <a href={`/api/admin/complaints/${complaint.id}/file`}>
            {t('decisions.adminFile')}: {complaint.file_name}
          </a>
        </p>
      ) : null}
      {complaint.reasons ? <p>{t('decisions.complaintReasons', { reasons: complaint.reasons })}</p> : null}
      {complaint.is_own_decision && complaint.status === 'open' ? <p className="muted">{t('decisions.adminOwn')}</p> : null}
      {canDecide ? (
        <div className="stack">
          <label>
            {t('decisions.adminReasons')}
            <textarea className="input textarea" value={reasons} maxLength={complaintLimits.reasonsMax} onChange={(event) => setReasons(event.target.value)} />
          </label>
          <div>
            <Button size="sm" disabled={reasons.trim().length < complaintLimits.reasonsMin} loading={decide.isPending} onClick={() => decide.mutate('upheld')}>
              {t('decisions.adminUphold')}
            </Button>{' '}
            <Button
              size="sm"
              variant="danger"
              disabled={reasons.trim().length < complaintLimits.reasonsMin}
              loading={decide.isPending}
              onClick={() => decide.mutate('rejected')}
            >
              {t('decisions.adminReject')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
