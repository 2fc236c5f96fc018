import { productKinds, type OwnedSkin, type ProductKind } from '@parley/contracts';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useChangeSkin, useSkins } from '../api/skins';
import { kindLabels } from './product-card';
import { ChatBubblePreview } from './skin-bubble';

/**
 * Chat settings: pick one owned skin per kind (or none). Everyone in the chat sees
 * your next messages in it. Self-contained: drop `<SkinPicker />` into a settings modal.
 */
export function SkinPicker() {
  const { t, localize } = useI18n();
  const { data, isPending, isError } = useSkins();
  const change = useChangeSkin();

  if (isPending || isError || !data)
    return (
      <QueryState isPending={isPending} isError={isError || !data}>
        {null}
      </QueryState>
    );

  const choose = (kind: ProductKind, skin: OwnedSkin | null) => {
    const request = skin ? { action: 'equip' as const, productId: skin.id } : { action: 'unequip' as const, kind };
    change.mutate(request, {
      onSuccess: () => toast.success(skin ? t('store.skinEquipped') : t('store.skinRemoved')),
      onError: (error) => toast.error(localize(errorMessage(error, t('common.anErrorOccurred')))),
    });
  };

  return (
    <div className="skin-picker">
      <ChatBubblePreview look={data.look} text={t('storeUi.pickerSample')} reply={t('storeUi.pickerReply')} />
      {data.owned.length === 0 && <p className="store__note">{t('storeUi.noSkins')}</p>}
      {productKinds.map((kind) => {
        const skins = data.owned.filter((s) => s.kind === kind);
        if (skins.length === 0) return null;
        const equipped = data.equipped[kind];
        return (
          <fieldset key={kind} className="skin-picker__group" disabled={change.isPending}>
            <legend>{t(kindLabels[kind])}</legend>
            <label className={`skin-option${equipped === null ? ' is-selected' : ''}`}>
              <input type="radio" name={`skin-${kind}`} checked={equipped === null} onChange={() => choose(kind, null)} />
              <span>{t('storeUi.defaultSkin')}</span>
            </label>
            {skins.map((skin) => (
              <label key={skin.id} className={`skin-option${equipped === skin.id ? ' is-selected' : ''}`}>
                <input type="radio" name={`skin-${kind}`} checked={equipped === skin.id} onChange={() => choose(kind, skin)} />
                <img src={skin.image_url} alt="" width={64} height={36} />
                <span>{skin.name}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      <Link to={paths.products.getHref()} className="skin-picker__more">
        {t('storeUi.moreSkins')}
      </Link>
    </div>
  );
}
