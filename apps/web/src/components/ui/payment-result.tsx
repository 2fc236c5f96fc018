import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { buttonClass } from './button';
import { Spinner } from './spinner';

export interface PaymentResultProps {
  /** processing: a spinner, polite status; success and error: an icon. */
  state: 'processing' | 'success' | 'error';
  title: string;
  children?: ReactNode;
  /** The main action (a link); "Return home" follows it. Absent while processing. */
  action?: { to: string; label: string };
}

/** The one payment-result screen of top-ups and store orders: processing, success, failure. */
export function PaymentResult({ state, title, children, action }: PaymentResultProps) {
  const t = useT();
  return (
    <div className="container container--narrow page payment-result" role={state === 'processing' ? 'status' : undefined}>
      {state === 'processing' ? (
        <Spinner size="lg" />
      ) : (
        <div className={`payment-result__icon payment-result__icon--${state}`} aria-hidden="true">
          {state === 'success' ? '✓' : '!'}
        </div>
      )}
      <h1>{title}</h1>
      {children}
      {action && (
        <div className="payment-result__actions">
          <Link to={action.to} className={buttonClass('primary')}>
            {action.label}
          </Link>
          <Link to={paths.home.getHref()} className={buttonClass('secondary')}>
            {t('topUp.returnHome')}
          </Link>
        </div>
      )}
    </div>
  );
}

/** A page-sized wait before a result screen knows what to say. */
export function PaymentResultPending() {
  const t = useT();
  return (
    <div className="container container--narrow page payment-result" role="status">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}
