import { type Passkey } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { RecoveryCodes } from './two-factor-settings';

/** A failure of the browser's passkey dialog (cancelled, timed out, not supported) rather than of the server. */
const isBrowserRefusal = (error: unknown) =>
  error instanceof Error && /^(NotAllowedError|AbortError|InvalidStateError|NotSupportedError|WebAuthnError)$/.test(error.name);

/**
 * Account → Security, passkeys (issue 36): the list with names and dates, add (password, then the
 * browser's dialog), rename, remove (password). The first passkey of an account without an
 * authenticator app brings ten recovery codes, shown once.
 */
export function PasskeySettings() {
  const { t, localize } = useI18n();
  const passkeys = usePasskeys();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (passkeys.isPending) return <Spinner label={t('passkeys.title')} />;
  if (passkeys.isError) return <p role="alert">{localize(errorMessage(passkeys.error, t('common.anErrorOccurred')))}</p>;
  const { passkeys: list, limit } = passkeys.data;

  return (
    <div className="stack">
      <p>{t('passkeys.intro')}</p>
      {list.length === 0 ? (
        <p className="muted">{t('passkeys.none')}</p>
      ) : (
        <ul className="passkeys__list" aria-label={t('passkeys.title')}>
          {list.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {recoveryCodes && (
        <>
          <p>{t('passkeys.recoveryIntro')}</p>
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        </>
      )}
      {list.length < limit && <AddPasskeyForm onRecoveryCodes={setRecoveryCodes} />}
    </div>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t } = useI18n();
  const format = useFormat();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  return (
    <li className="passkeys__item" data-testid="passkey">
      <strong>{passkey.name}</strong>
      <span className="passkeys__meta muted">
        <span>{t('passkeys.createdAt', { date: format.longDate(passkey.created_at) })}</span>
        <span>{passkey.last_used_at ? t('passkeys.lastUsed', { date: format.longDate(passkey.last_used_at) }) : t('passkeys.neverUsed')}</span>
        {passkey.synced && <span>{t('passkeys.synced')}</span>}
      </span>
      {mode === 'view' && (
        <div className="passkeys__actions">
          <Button size="sm" variant="secondary" onClick={() => setMode('rename')}>
            {t('passkeys.rename')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setMode('remove')}>
            {t('passkeys.remove')}
          </Button>
        </div>
      )}
      {mode === 'rename' && <RenameForm passkey={passkey} onDone={() => setMode('view')} />}
      {mode === 'remove' && <RemoveForm passkey={passkey} onCancel={() => setMode('view')} />}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t, localize } = useI18n();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('passkeys.name'));
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      toast.success(t('passkeys.renamed'));
      onDone();
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('passkeys.rename')}>
      {/* The rename form opens on the person's click on Rename: the name is what they type next. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <TextField label={t('passkeys.name')} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} error={error ?? undefined} autoFocus />
      <div className="passkeys__actions">
        <Button type="submit" size="sm" loading={rename.isPending}>
          {t('passkeys.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RemoveForm({ passkey, onCancel }: { passkey: Passkey; onCancel: () => void }) {
  const { t, localize } = useI18n();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    try {
      await remove.mutateAsync({ id: passkey.id, password });
      toast.success(t('passkeys.removed'));
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('passkeys.remove')}>
      <p>{t('passkeys.removeConfirm', { name: passkey.name })}</p>
      <PasswordField
        label={t('passkeys.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error ?? undefined}
      />
      <div className="passkeys__actions">
        <Button type="submit" size="sm" variant="danger" loading={remove.isPending}>
          {t('passkeys.remove')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AddPasskeyForm({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const { t, localize } = useI18n();
  const add = useAddPasskey();
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    setError(null);
    try {
      const added = await add.mutateAsync({ password, name: name.trim() || undefined });
      setPassword('');
      setName('');
      toast.success(t('passkeys.added'));
      if (added.recovery_codes) onRecoveryCodes(added.recovery_codes);
    } catch (failure) {
      setError(isBrowserRefusal(failure) ? t('passkeys.cancelled') : localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  if (!supported) return <p className="muted">{t('passkeys.unsupported')}</p>;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('passkeys.add')}>
      <p>{t('passkeys.addIntro')}</p>
      <div className="form__grid">
        <TextField label={t('passkeys.name')} hint={t('passkeys.nameHint')} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        <PasswordField
          label={t('passkeys.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
      </div>
      <div>
        <Button type="submit" loading={add.isPending}>
          {t('passkeys.add')}
        </Button>
      </div>
    </form>
  );
}
