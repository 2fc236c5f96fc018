import { type UserProfile } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useI18n, useT } from '../../../lib/i18n';
import { exportHref, useDeleteAccount } from '../api/delete-account';

/** Account → Your data (issue 15): download everything as a ZIP, or delete the account. */
export function DataRights({ user }: { user: UserProfile }) {
  const t = useT();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="download-title">
        <h2 className="card__title" id="download-title">
          {t('account.downloadTitle')}
        </h2>
        <p>{t('account.downloadIntro')}</p>
        <a className="btn btn--secondary" href={exportHref} download>
          {t('account.download')}
        </a>
      </section>
      <section className="card" aria-labelledby="delete-title">
        <h2 className="card__title" id="delete-title">
          {t('account.deleteTitle')}
        </h2>
        <p>{t('account.deleteIntro')}</p>
        <div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('account.deleteButton')}
          </Button>
        </div>
      </section>
      <DeleteAccountModal open={deleting} onClose={() => setDeleting(false)} twoFactor={user.two_factor_enabled} />
    </div>
  );
}

function DeleteAccountModal({ open, onClose, twoFactor }: { open: boolean; onClose: () => void; twoFactor: boolean }) {
  const { t, localize } = useI18n();
  const mutation = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    if (twoFactor && !code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      await mutation.mutateAsync({ password, ...(twoFactor ? { code: code.trim() } : {}) });
      // The server ended every session. Home forgets this one and says goodbye: forgetting it while still on
      // the account page would make its guard send us to sign-in with a redirect back to it (issue 33).
      navigate(paths.home.getHref(), { replace: true, state: { accountDeleted: true } });
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('account.deleteConfirmTitle')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={() => void submit()}>
            {t('account.deleteConfirm')}
          </Button>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate aria-label={t('account.deleteTitle')}>
        <p>{t('account.deleteIntro')}</p>
        {error && (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        )}
        <PasswordField label={t('twoFactor.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        {twoFactor && <TextField label={t('twoFactor.code')} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
      </form>
    </Modal>
  );
}
