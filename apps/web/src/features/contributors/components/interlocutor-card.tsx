import { type UserProfile } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useApplicationStatus } from '../api/get-application-status';
import { ApplicationModal } from './application-modal';
import '../contributors.css';

/**
 * Spec §2 Account page: the interlocutor badge for contributors, the button for
 * others ('Re-apply to be an interlocutor' after a rejection), and the pending state.
 */
export function InterlocutorCard({ user }: { user: UserProfile }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const status = useApplicationStatus(!user.is_contributor);
  const application = status.data ?? null;

  let body;
  if (user.is_contributor) {
    body = (
      <p className="interlocutor-badge" data-testid="interlocutor-badge">
        <span className="interlocutor-badge__icon" aria-hidden="true">
          ★
        </span>
        {t('contributor.interlocutorBadge')}
      </p>
    );
  } else if (status.isPending) {
    body = <p className="muted">{t('common.loading')}</p>;
  } else if (application?.status === 'pending') {
    body = (
      <p className="interlocutor-pending" role="status">
        {t('contributor.pendingReview')}
      </p>
    );
  } else {
    body = (
      <>
        {status.isError && (
          <p className="field__error" role="alert">
            {t('contributor.failedStatus')}
          </p>
        )}
        <Button variant="secondary" block onClick={() => setOpen(true)}>
          {application?.status === 'rejected' ? t('contributor.reapply') : t('contributor.becomeInterlocutor')}
        </Button>
      </>
    );
  }

  return (
    <section className="card interlocutor-card" aria-labelledby="interlocutor-title">
      <h2 className="card__title" id="interlocutor-title">
        {t('contributor.interlocutorBadge')}
      </h2>
      {body}
      <ApplicationModal open={open} onClose={() => setOpen(false)} defaultEmail={user.email ?? ''} />
    </section>
  );
}
