import { type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Spinner } from './spinner';

export interface QueryStateProps {
  isPending: boolean;
  isError?: boolean;
  /** What a failure says (default: "An error occurred"). */
  errorText?: string;
  /** Loaded, with nothing to show: `empty` instead of the children. */
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}

/** The loading / error / empty states of a query, one way everywhere (payments, histories, result screens). */
export function QueryState({ isPending, isError = false, errorText, isEmpty = false, empty, children }: QueryStateProps) {
  const t = useT();
  if (isError) return <QueryError text={errorText} />;
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

export function QueryError({ text }: { text?: string }) {
  const t = useT();
  return (
    <p className="alert alert--error" role="alert">
      {text ?? t('common.anErrorOccurred')}
    </p>
  );
}
