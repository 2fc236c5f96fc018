import { type ProductKind, type SkinLook } from '@parley/contracts';
import { useT } from '../../../lib/i18n';
import { skinBubbleStyle } from '../utils/skin-style';
import '../store.css';

/** The look a product gives, as a message would carry it. */
export const lookOf = (product: { kind: ProductKind; look: string }): SkinLook => ({ [product.kind]: product.look }) as SkinLook;

interface ChatBubblePreviewProps {
  look: SkinLook | null;
  text?: string;
  reply?: string;
}

/** A live preview of a short conversation: the other person's plain bubble and yours in the skin. */
export function ChatBubblePreview({ look, text, reply }: ChatBubblePreviewProps) {
  const t = useT();
  return (
    <div className="skin-preview" aria-label={t('storeUi.bubblePreview')}>
      <div className="skin-preview__row">
        <span className="skin-bubble skin-bubble--other">{reply ?? t('storeUi.sampleOther')}</span>
      </div>
      <div className="skin-preview__row skin-preview__row--mine">
        <span className="skin-bubble skin-bubble--mine" style={skinBubbleStyle(look)} data-testid="skin-bubble">
          {text ?? t('storeUi.sampleMine')}
        </span>
      </div>
    </div>
  );
}
