import { useState } from 'react';
import { HtmlContent } from '../../../components/ui/html-content';
import { useT } from '../../../lib/i18n';
import { useFaq } from '../api/get-faq';

/** Shown only when FAQs exist; several answers may be open at once. */
export function FaqSection() {
  const t = useT();
  const { data: faqs = [] } = useFaq();
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  if (faqs.length === 0) return null;

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="section faq" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <p className="eyebrow">{t('homeUi.faqEyebrow')}</p>
        <h2 className="section__title" id="faq-title">
          {t('homeUi.faqTitle')}
        </h2>
        <div className="accordion">
          {faqs.map((faq) => {
            const isOpen = open.has(faq.id);
            return (
              <div key={faq.id} className={`accordion__item${isOpen ? ' is-open' : ''}`}>
                <h3 className="accordion__heading">
                  <button
                    type="button"
                    className="accordion__trigger"
                    aria-expanded={isOpen}
                    aria-controls={`faq-${faq.id}`}
                    id={`faq-q-${faq.id}`}
                    onClick={() => toggle(faq.id)}
                  >
                    <span>{faq.question}</span>
                    <span className="accordion__icon" aria-hidden="true" />
                  </button>
                </h3>
                <div className="accordion__panel" id={`faq-${faq.id}`} role="region" aria-labelledby={`faq-q-${faq.id}`} hidden={!isOpen}>
                  {/* The answer (and with it the lazily loaded sanitizer) renders once opened: the home page's first
                      JavaScript stays under issue #10's 150 KB budget. */}
                  {isOpen && <HtmlContent html={faq.answer} />}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
