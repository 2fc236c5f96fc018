import '../coins.css';
import { limits, texts } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useBundles } from '../api/bundles';
import { topUpModal } from '../utils/top-up-store';

/** Buy Bundle: the first 3 bundles; buying opens the Top Up modal in bundle mode. */
export function BundlesCard() {
  const { data, isPending, isError } = useBundles();
  const shown = (data ?? []).slice(0, limits.bundlesShown);
  return (
    <section className="card" aria-labelledby="bundles-title">
      <h2 className="card__title" id="bundles-title">
        Buy Bundle
      </h2>
      {isPending && <Spinner label="Loading..." />}
      {isError && (
        <p className="alert alert--error" role="alert">
          {texts.account.failedBundles}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="bundles-card__list">
          {shown.map((bundle) => (
            <li key={bundle.id} className="bundles-card__item">
              <span className="bundle-option__text">
                <span className="bundle-option__points">{formatNumber(bundle.points)} Coins</span>
                <span className="bundle-option__desc">{bundle.description}</span>
              </span>
              <Button
                size="sm"
                onClick={() => topUpModal.open(bundle.id)}
                aria-label={`Buy ${bundle.description} for ${formatPrice(bundle.display.amount, bundle.display.symbol)}`}
              >
                {formatPrice(bundle.display.amount, bundle.display.symbol)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
