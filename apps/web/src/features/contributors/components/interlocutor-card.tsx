import { texts, type UserProfile } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useApplicationStatus } from '../api/get-application-status';
import { ApplicationModal } from './application-modal';
import '../contributors.css';

const t = texts.contributor;

/**
 * Spec §2 Account page: the interlocutor badge for contributors, the button for
 * others ('Re-apply to be an interlocutor' after a rejection), and the pending state.
 */
export function InterlocutorCard({ user }: { user: UserProfile }) {
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
        {t.interlocutorBadge}
      </p>
    );
  } else if (status.isPending) {
    body = <p className="muted">{texts.common.loading}</p>;
  } else if (application?.status === 'pending') {
    body = (
      <p className="interlocutor-pending" role="status">
        {t.pendingReview}
      </p>
    );
  } else {
    body = (
      <>
        {status.isError && (
          <p className="field__error" role="alert">
            {t.failedStatus}
          </p>
        )}
        <Button variant="secondary" block onClick={() => setOpen(true)}>
          {application?.status === 'rejected' ? t.reapply : t.becomeInterlocutor}
        </Button>
      </>
    );
  }

  return (
    <section className="card interlocutor-card" aria-labelledby="interlocutor-title">
      <h2 className="card__title" id="interlocutor-title">
        {t.interlocutorBadge}
      </h2>
      {body}
      <ApplicationModal open={open} onClose={() => setOpen(false)} defaultEmail={user.email ?? ''} />
    </section>
  );
}
