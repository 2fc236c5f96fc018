import { limits, type Bundle } from '@parley/contracts';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { coinsFor, parseAmount, sanitizeAmount, toEuros } from '../utils/amount';

export type TopUpMode = 'amount' | 'bundle';

interface AmountStepProps {
  mode: TopUpMode;
  onMode: (mode: TopUpMode) => void;
  amountText: string;
  onAmount: (text: string) => void;
  rate: number;
  minAmount: number;
  bundles: Bundle[] | undefined;
  bundlesPending: boolean;
  bundlesFailed: boolean;
  bundleId: number | undefined;
  onBundle: (id: number) => void;
  error: string | null;
  /** The selected currency: the amount is typed in it (issue 33). */
  symbol: string;
  /** Units of the selected currency per euro. */
  currencyRate: number;
}

/** Step 1: an amount in the selected currency (quick amounts 5/10/25/50) or a bundle. */
export function TopUpAmountStep(props: AmountStepProps) {
  const { mode, onMode, amountText, onAmount, rate, minAmount, bundles, bundleId, onBundle, error, symbol, currencyRate } = props;
  const t = useT();
  const typed = parseAmount(amountText);
  const coins = coinsFor(typed === null ? null : toEuros(typed, currencyRate), rate);
  return (
    <div>
      <div className="segmented" role="group" aria-label={t('topUpUi.modeGroup')}>
        {(['amount', 'bundle'] as const).map((m) => (
          <button key={m} type="button" className={`segmented__item${mode === m ? ' is-active' : ''}`} aria-pressed={mode === m} onClick={() => onMode(m)}>
            {m === 'amount' ? t('topUpUi.modeAmount') : t('topUpUi.modeBundle')}
          </button>
        ))}
      </div>

      {mode === 'amount' && (
        <>
          <div className="top-up__quick" role="group" aria-label={t('topUpUi.quickAmounts')}>
            {limits.quickTopUpAmounts.map((value) => (
              <button
                key={value}
                type="button"
                className={`top-up__chip${parseAmount(amountText) === value ? ' is-active' : ''}`}
                aria-pressed={parseAmount(amountText) === value}
                onClick={() => onAmount(String(value))}
              >
                {value} {symbol}
              </button>
            ))}
          </div>
          <TextField
            label={t('topUpUi.amountLabel', { symbol })}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(event) => onAmount(sanitizeAmount(event.target.value))}
            error={error ?? undefined}
            hint={t('topUpUi.minimum', { price: formatPrice(minAmount, symbol) })}
          />
          <p className="top-up__preview" aria-live="polite">
            <span>{t('topUpUi.youGet')}</span>
            <strong>{t('coinsUi.coinCount', { n: coins, nText: formatNumber(coins) })}</strong>
          </p>
        </>
      )}

      {mode === 'bundle' && (
        <>
          {props.bundlesPending && <Spinner label={t('common.loading')} />}
          {(props.bundlesFailed || (bundles && bundles.length === 0)) && (
            <p className="alert alert--error" role="alert">
              {props.bundlesFailed ? t('topUp.failedBundleDetails') : t('topUp.bundleUnavailable')}
            </p>
          )}
          {bundles && bundles.length > 0 && (
            <div className="top-up__bundles" role="radiogroup" aria-label={t('topUpUi.bundles')}>
              {bundles.map((bundle) => (
                <label key={bundle.id} className={`bundle-option${bundle.id === bundleId ? ' is-active' : ''}`}>
                  <input type="radio" name="bundle" value={bundle.id} checked={bundle.id === bundleId} onChange={() => onBundle(bundle.id)} />
                  <span className="bundle-option__text">
                    <span className="bundle-option__points">{t('coinsUi.coinCount', { n: bundle.points, nText: formatNumber(bundle.points) })}</span>
                    <span className="bundle-option__desc">{bundle.description}</span>
                  </span>
                  <span className="bundle-option__price">{formatPrice(bundle.display.amount, bundle.display.symbol)}</span>
                </label>
              ))}
            </div>
          )}
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
