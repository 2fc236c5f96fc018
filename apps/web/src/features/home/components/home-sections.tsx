import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT, type TextKey } from '../../../lib/i18n';

/** Every call to action leads to the room list (spec §1). */
export function Hero() {
  const t = useT();
  return (
    <section className="hero">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow eyebrow--light">{t('homeUi.eyebrow')}</p>
          <h1 className="hero__title">{t('home.hero')}</h1>
          <p className="hero__lead">{t('homeUi.lead')}</p>
          <div className="hero__actions">
            <Link to={paths.rooms.getHref()} className={buttonClass('light', 'lg')}>
              {t('home.ctaButton')}
            </Link>
            {/* Every call to action leads to the room list (spec §1). */}
            <Link to={paths.rooms.getHref()} className={buttonClass('ghost-light', 'lg')}>
              {t('homeUi.howItWorks')}
            </Link>
          </div>
        </div>
        <div className="hero__visual" aria-hidden="true">
          <div className="bubble bubble--in">{t('homeUi.bubbleQuestion')}</div>
          <div className="bubble bubble--out">{t('homeUi.bubbleAnswer')}</div>
          <div className="bubble bubble--in">{t('homeUi.bubbleReply')}</div>
          <div className="bubble bubble--typing">
            <span />
            <span />
            <span />
          </div>
        </div>
      </div>
    </section>
  );
}

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const reasons: { icon: ReactNode; title: TextKey; text: TextKey }[] = [
  {
    icon: icon('M3 12s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6zM4 4l16 16'),
    title: 'homeUi.anonymousTitle',
    text: 'homeUi.anonymousText',
  },
  {
    icon: icon('M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M18 20a6 6 0 0 0-3-5.2'),
    title: 'homeUi.peopleTitle',
    text: 'homeUi.peopleText',
  },
  {
    icon: icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9.5c0-1.4 1.3-2.5 3-2.5s3 1 3 2.3c0 3-6 1.7-6 4.7 0 1.3 1.3 2.5 3 2.5s3-1.1 3-2.5M12 5v2M12 17v2'),
    title: 'homeUi.pricesTitle',
    text: 'homeUi.pricesText',
  },
  {
    icon: icon('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4'),
    title: 'homeUi.safeTitle',
    text: 'homeUi.safeText',
  },
];

export function WhyUs() {
  const t = useT();
  return (
    <section className="section" id="why-us" aria-labelledby="why-title">
      <div className="container">
        <p className="eyebrow">{t('homeUi.whyEyebrow')}</p>
        <h2 className="section__title" id="why-title">
          {t('homeUi.whyTitle')}
        </h2>
        <div className="features-grid">
          {reasons.map((r) => (
            <article key={r.title} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                {r.icon}
              </span>
              <h3>{t(r.title)}</h3>
              <p>{t(r.text)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CallToAction() {
  const t = useT();
  return (
    <section className="section section--tint">
      <div className="container cta">
        <div>
          <h2 className="cta__title">{t('home.ctaTitle')}</h2>
          <p className="cta__text">{t('homeUi.ctaText')}</p>
        </div>
        <Link to={paths.rooms.getHref()} className={buttonClass('primary', 'lg')}>
          {t('home.ctaButton')}
        </Link>
      </div>
    </section>
  );
}

export function ClosingBanner() {
  const t = useT();
  return (
    <section className="section">
      <div className="container">
        <div className="closing-banner">
          <h2>{t('homeUi.closingTitle')}</h2>
          <p>{t('homeUi.closingText')}</p>
          <Link to={paths.rooms.getHref()} className={buttonClass('light', 'lg')}>
            {t('homeUi.exploreRooms')}
          </Link>
        </div>
      </div>
    </section>
  );
}
