import { texts } from '@parley/contracts';
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
            <a href="#why-us" className={buttonClass('ghost-light', 'lg')}>
              How it works
            </a>
          </div>
        </div>
        <div className="hero__visual" aria-hidden="true">
          <div className="bubble bubble--in">Hi! What made you smile today? 🙂</div>
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

const reasons = [
  { icon: '🕶', title: 'Truly anonymous', text: 'Only your chosen name and avatar colour are shown. Email and phone stay private.' },
  { icon: '🤝', title: 'Real people or AI', text: 'Match with a human in seconds, or switch to our AI companion at any moment.' },
  { icon: '🪙', title: 'Fair, visible prices', text: 'Pay per message with coins. The cost is shown before you press send.' },
  { icon: '🛡', title: 'Safe by design', text: 'Report a topic or a user with one click. Our team reviews every report.' },
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
