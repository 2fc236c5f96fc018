import { texts } from '@parley/contracts/texts';
import { useState, type ReactNode } from 'react';
import { saveConsent, useConsent, type ConsentSettings } from '../../lib/consent';
import { Button } from './button';

const descriptions: Record<keyof ConsentSettings, { title: string; text: string }> = {
  essential: { title: 'Essential', text: 'Sign-in, security and your cookie choice. Always on.' },
  advertising: { title: 'Advertising', text: 'Measure campaigns and show relevant offers.' },
  customization: { title: 'Customization', text: 'Remember your language, currency and look.' },
  functionality: { title: 'Functionality', text: 'Extra features such as chat enhancements.' },
};

/** Hidden once a choice is stored. Accept all, decline all, or manage and save. */
export function CookieBanner({ policyLink }: { policyLink?: ReactNode }) {
  const consent = useConsent();
  const [managing, setManaging] = useState(false);
  const [choice, setChoice] = useState({ advertising: false, customization: false, functionality: false });
  if (consent) return null;

  return (
    <section className="cookie-banner" role="region" aria-label="Cookie consent">
      <div className="cookie-banner__text">
        <h2 className="cookie-banner__title">We value your privacy</h2>
        <p>We use essential cookies to keep you signed in and, with your consent, others to personalise Parley and measure our campaigns. {policyLink}</p>
      </div>
      {managing && (
        <fieldset className="cookie-banner__prefs">
          <legend className="sr-only">Cookie preferences</legend>
          {(Object.keys(descriptions) as (keyof ConsentSettings)[]).map((key) => (
            <label key={key} className="cookie-pref">
              <input
                type="checkbox"
                checked={key === 'essential' ? true : choice[key]}
                disabled={key === 'essential'}
                onChange={(event) => key !== 'essential' && setChoice((c) => ({ ...c, [key]: event.target.checked }))}
              />
              <span>
                <strong>{descriptions[key].title}</strong>
                <small>{descriptions[key].text}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="cookie-banner__actions">
        {managing ? (
          <Button onClick={() => saveConsent(choice)}>{texts.cookies.save}</Button>
        ) : (
          <Button variant="ghost" onClick={() => setManaging(true)}>
            {texts.cookies.manage}
          </Button>
        )}
        <Button variant="secondary" onClick={() => saveConsent({ advertising: false, customization: false, functionality: false })}>
          {texts.cookies.declineAll}
        </Button>
        <Button onClick={() => saveConsent({ advertising: true, customization: true, functionality: true })}>{texts.cookies.acceptAll}</Button>
      </div>
    </section>
  );
}
