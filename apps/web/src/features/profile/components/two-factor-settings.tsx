import { type TwoFactorSetup } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useUser } from '../../../lib/user';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useRegenerateWithPasskey,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

/**
 * Account → Security (issue 15): turn two-factor sign-in on (password → QR code and key → first
 * code → ten recovery codes shown once), make new recovery codes, or turn it off (password + code).
 */
export function TwoFactorSettings() {
  const { t, localize } = useI18n();
  const status = useTwoFactorStatus();
  const user = useUser();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Spinner label={t('twoFactor.title')} />;
  if (status.isError) return <p role="alert">{localize(errorMessage(status.error, t('common.anErrorOccurred')))}</p>;
  const { enabled, recovery_codes_left: left } = status.data;
  // A passkey is a second factor too (issue 36): the app being off does not mean two-factor sign-in is.
  const passkeyOn = !enabled && user.data?.two_factor_enabled === true;

  return (
    <div className="stack">
      <p>{t('twoFactor.intro')}</p>
      <p className={enabled || passkeyOn ? 'two-factor__state two-factor__state--on' : 'two-factor__state muted'} role="status">
        <strong>{enabled ? t('twoFactor.on') : passkeyOn ? t('passkeys.appOffPasskeyOn') : t('twoFactor.off')}</strong>
      </p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
      {passkeyOn && !recoveryCodes && (
        <>
          <p className="muted">{t('twoFactor.recoveryLeft', { n: left })}</p>
          <RegenerateWithPasskey onCodes={setRecoveryCodes} />
        </>
      )}
      {!enabled && <EnableFlow onEnabled={setRecoveryCodes} />}
      {enabled && !recoveryCodes && (
        <>
          <p className="muted">{t('twoFactor.recoveryLeft', { n: left })}</p>
          <RegenerateForm onCodes={setRecoveryCodes} />
          <DisableForm />
        </>
      )}
    </div>
  );
}

function EnableFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t, localize } = useI18n();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const begin = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    setError(null);
    try {
      setSetup(await start.mutateAsync(password));
      setPassword('');
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      const codes = await enable.mutateAsync(code.trim());
      toast.success(t('twoFactor.enabled'));
      onEnabled(codes);
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };

  if (!setup)
    return (
      <form className="form" onSubmit={begin} noValidate aria-label={t('twoFactor.start')}>
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
        <div>
          <Button type="submit" loading={start.isPending}>
            {t('twoFactor.start')}
          </Button>
        </div>
      </form>
    );

  return (
    <form className="form" onSubmit={confirm} noValidate aria-label={t('twoFactor.enable')}>
      <p>{t('twoFactor.scan')}</p>
      <img
        className="two-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt={setup.otpauth_url}
        width={180}
        height={180}
      />
      <p>
        {t('twoFactor.manualKey')}: <code className="two-factor__key">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <TextField
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" loading={enable.isPending}>
          {t('twoFactor.enable')}
        </Button>
      </div>
    </form>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <section className="card card--inset" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{t('twoFactor.recoveryTitle')}</h3>
      <p>{t('twoFactor.recoveryIntro')}</p>
      <ul className="two-factor__codes" aria-label={t('twoFactor.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        {t('common.close')}
      </Button>
    </section>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t, localize } = useI18n();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      onCodes(await regenerate.mutateAsync(code.trim()));
      toast.success(t('twoFactor.regenerated'));
      setCode('');
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('twoFactor.regenerate')}>
      <TextField
        label={t('twoFactor.code')}
        hint={t('twoFactor.codeHint')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" variant="secondary" loading={regenerate.isPending}>
          {t('twoFactor.regenerate')}
        </Button>
      </div>
    </form>
  );
}

/** A passkey-only account (no authenticator app) proves its second factor with the passkey itself (issue 36). */
function RegenerateWithPasskey({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t, localize } = useI18n();
  const regenerate = useRegenerateWithPasskey();
  const run = async () => {
    try {
      onCodes(await regenerate.mutateAsync());
      toast.success(t('twoFactor.regenerated'));
    } catch (failure) {
      toast.error(localize(errorMessage(failure, t('passkeys.cancelled'))));
    }
  };
  return (
    <div>
      <Button variant="secondary" loading={regenerate.isPending} onClick={() => void run()}>
        {t('twoFactor.regenerate')}
      </Button>
    </div>
  );
}

function DisableForm() {
  const { t, localize } = useI18n();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      toast.success(t('twoFactor.disabled'));
    } catch (failure) {
      setError(localize(errorMessage(failure, t('common.anErrorOccurred'))));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('twoFactor.disable')}>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="form__grid">
        <PasswordField label={t('twoFactor.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t('twoFactor.code')} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </div>
      <div>
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {t('twoFactor.disable')}
        </Button>
      </div>
    </form>
  );
}
