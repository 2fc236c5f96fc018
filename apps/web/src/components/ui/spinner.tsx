import { useT } from '../../lib/i18n';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label ?? t('common.loading')} />
    </div>
  );
}
