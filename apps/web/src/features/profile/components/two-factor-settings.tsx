import { texts, type TwoFactorSetup } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactorSetup, useTwoFactorStatus } from '../api/two-factor';
import { englishText } from '@parley/contracts/i18n';

const t = texts.twoFactor;

/**
 * Account → Security (issue 15): turn two-factor sign-in on (password → QR code and key → first
 * code → ten recovery codes shown once), make new recovery codes, or turn it off (password + code).
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Spinner label={t.title} />;
  if (status.isError) return <p role="alert">{errorMessage(status.error)}</p>;
  const { enabled, recovery_codes_left: left } = status.data;

  return (
    <div className="stack">
      <p>{t.intro}</p>
      <p className={enabled ? 'two-factor__state two-factor__state--on' : 'two-factor__state muted'} role="status">
        <strong>{enabled ? t.on : t.off}</strong>
      </p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
      {!enabled && <EnableFlow onEnabled={setRecoveryCodes} />}
      {enabled && !recoveryCodes && (
        <>
          <p className="muted">{englishText('twoFactor.recoveryLeft', { n: left })}</p>
          <RegenerateForm onCodes={setRecoveryCodes} />
          <DisableForm />
        </>
      )}
    </div>
  );
}

function EnableFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const begin = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(texts.auth.passwordRequired);
    setError(null);
    try {
      setSetup(await start.mutateAsync(password));
      setPassword('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t.codeRequired);
    setError(null);
    try {
      const codes = await enable.mutateAsync(code.trim());
      toast.success(t.enabled);
      onEnabled(codes);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (!setup)
    return (
      <form className="form" onSubmit={begin} noValidate aria-label={t.start}>
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
        <div>
          <Button type="submit" loading={start.isPending}>
            {t.start}
          </Button>
        </div>
      </form>
    );

  return (
    <form className="form" onSubmit={confirm} noValidate aria-label={t.enable}>
      <p>{t.scan}</p>
      <img
        className="two-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt={setup.otpauth_url}
        width={180}
        height={180}
      />
      <p>
        {t.manualKey}: <code className="two-factor__key">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <TextField
        label={t.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" loading={enable.isPending}>
          {t.enable}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="card card--inset" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{t.recoveryTitle}</h3>
      <p>{t.recoveryIntro}</p>
      <ul className="two-factor__codes" aria-label={t.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        {texts.common.close}
      </Button>
    </section>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t.codeRequired);
    setError(null);
    try {
      onCodes(await regenerate.mutateAsync(code.trim()));
      toast.success(t.regenerated);
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t.regenerate}>
      <TextField
        label={t.code}
        hint={t.codeHint}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" variant="secondary" loading={regenerate.isPending}>
          {t.regenerate}
        </Button>
      </div>
    </form>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(texts.auth.passwordRequired);
    if (!code.trim()) return setError(t.codeRequired);
    setError(null);
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      toast.success(t.disabled);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t.disable}>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="form__grid">
        <PasswordField label={t.password} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label={t.code} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </div>
      <div>
        <Button type="submit" variant="danger" loading={disable.isPending}>
          {t.disable}
        </Button>
      </div>
    </form>
  );
}
