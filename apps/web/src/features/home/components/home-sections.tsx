import { texts } from '@parley/contracts/texts';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';

/** Every call to action leads to the room list (spec §1). */
export function Hero() {
  const t = useT();
  return (
    <section className="hero">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow eyebrow--light">Anonymous conversations, good vibes only</p>
          <h1 className="hero__title">{t('home.hero')}</h1>
          <p className="hero__lead">
            Parley is a calm place to talk. Pick a room, open a topic and chat with a real person — or with our friendly AI companion whenever you like.
          </p>
          <div className="hero__actions">
            <Link to={paths.rooms.getHref()} className={buttonClass('light', 'lg')}>
              {t('home.ctaButton')}
            </Link>
            {/* Every call to action leads to the room list (spec §1). */}
            <Link to={paths.rooms.getHref()} className={buttonClass('ghost-light', 'lg')}>
              How it works
            </Link>
          </div>
        </div>
        <div className="hero__visual" aria-hidden="true">
          <div className="bubble bubble--in">Hi! What made you smile today?</div>
          <div className="bubble bubble--out">My neighbour's dog learned to open the gate.</div>
          <div className="bubble bubble--in">Ha! Smart dog. Tell me everything.</div>
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

const reasons = [
  {
    icon: icon('M3 12s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6zM4 4l16 16'),
    title: 'Truly anonymous',
    text: 'Only your chosen name and avatar colour are shown. Email and phone stay private.',
  },
  {
    icon: icon('M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M18 20a6 6 0 0 0-3-5.2'),
    title: 'Real people or AI',
    text: 'Match with a human in seconds, or switch to our AI companion at any moment.',
  },
  {
    icon: icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9.5c0-1.4 1.3-2.5 3-2.5s3 1 3 2.3c0 3-6 1.7-6 4.7 0 1.3 1.3 2.5 3 2.5s3-1.1 3-2.5M12 5v2M12 17v2'),
    title: 'Fair, visible prices',
    text: 'Pay per message with coins. The cost is shown before you press send.',
  },
  {
    icon: icon('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4'),
    title: 'Safe by design',
    text: 'Report a topic or a user with one click. Our team reviews every report.',
  },
];

export function WhyUs() {
  return (
    <section className="section" id="why-us" aria-labelledby="why-title">
      <div className="container">
        <p className="eyebrow">Why Parley</p>
        <h2 className="section__title" id="why-title">
          Conversations that feel good
        </h2>
        <div className="features-grid">
          {reasons.map((r) => (
            <article key={r.title} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                {r.icon}
              </span>
              <h3>{r.title}</h3>
              <p>{r.text}</p>
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
          <p className="cta__text">Thousands of topics, from coffee-break chatter to late-night talks. Jump in — the first coins are on us.</p>
        </div>
        <Link to={paths.rooms.getHref()} className={buttonClass('primary', 'lg')}>
          {texts.home.ctaButton}
        </Link>
      </div>
    </section>
  );
}

export function ClosingBanner() {
  return (
    <section className="section">
      <div className="container">
        <div className="closing-banner">
          <h2>Someone out there wants to hear your story.</h2>
          <p>Open a room, say hello and see where the conversation takes you.</p>
          <Link to={paths.rooms.getHref()} className={buttonClass('light', 'lg')}>
            Explore rooms
          </Link>
        </div>
      </div>
    </section>
  );
}
