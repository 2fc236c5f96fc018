import '../coins.css';
import { limits } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useBundles } from '../api/bundles';
import { topUpModal } from '../utils/top-up-store';

/** Buy Bundle: the first 3 bundles; buying opens the Top Up modal in bundle mode. */
export function BundlesCard() {
  const t = useT();
  const { data, isPending, isError } = useBundles();
  const shown = (data ?? []).slice(0, limits.bundlesShown);
  return (
    <section className="card" aria-labelledby="bundles-title">
      <h2 className="card__title" id="bundles-title">
        {t('coinsUi.buyBundle')}
      </h2>
      <QueryState isPending={isPending} isError={isError} errorText={t('account.failedBundles')} isEmpty={shown.length === 0}>
        <ul className="bundles-card__list">
          {shown.map((bundle) => (
            <li key={bundle.id} className="bundles-card__item">
              <span className="bundle-option__text">
                <span className="bundle-option__points">{t('coinsUi.coinCount', { n: bundle.points, nText: formatNumber(bundle.points) })}</span>
                <span className="bundle-option__desc">{bundle.description}</span>
              </span>
              <Button
                size="sm"
                onClick={() => topUpModal.open(bundle.id)}
                aria-label={t('coinsUi.buyBundleFor', { bundle: bundle.description, price: formatPrice(bundle.display.amount, bundle.display.symbol) })}
              >
                {formatPrice(bundle.display.amount, bundle.display.symbol)}
              </Button>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
