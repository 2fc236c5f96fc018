import { useState, type ReactNode } from 'react';
import { saveConsent, useConsent, type ConsentSettings } from '../../lib/consent';
import { useT, type TextKey } from '../../lib/i18n';
import { Button } from './button';

const descriptions: Record<keyof ConsentSettings, { title: TextKey; text: TextKey }> = {
  essential: { title: 'cookiesUi.essentialTitle', text: 'cookiesUi.essentialText' },
  advertising: { title: 'cookiesUi.advertisingTitle', text: 'cookiesUi.advertisingText' },
  customization: { title: 'cookiesUi.customizationTitle', text: 'cookiesUi.customizationText' },
  functionality: { title: 'cookiesUi.functionalityTitle', text: 'cookiesUi.functionalityText' },
};

/** Hidden once a choice is stored. Accept all, decline all, or manage and save. */
export function CookieBanner({ policyLink }: { policyLink?: ReactNode }) {
  const t = useT();
  const consent = useConsent();
  const [managing, setManaging] = useState(false);
  const [choice, setChoice] = useState({ advertising: false, customization: false, functionality: false });
  if (consent) return null;

  return (
    <section className="cookie-banner" aria-label={t('cookiesUi.region')}>
      <div className="cookie-banner__text">
        <h2 className="cookie-banner__title">{t('cookiesUi.title')}</h2>
        <p>
          {t('cookiesUi.text')} {policyLink}
        </p>
      </div>
      {managing && (
        <fieldset className="cookie-banner__prefs">
          <legend className="sr-only">{t('cookiesUi.preferences')}</legend>
          {(Object.keys(descriptions) as (keyof ConsentSettings)[]).map((key) => (
            <label key={key} className="cookie-pref">
              <input
                type="checkbox"
                checked={key === 'essential' ? true : choice[key]}
                disabled={key === 'essential'}
                onChange={(event) => key !== 'essential' && setChoice((c) => ({ ...c, [key]: event.target.checked }))}
              />
              <span>
                <strong>{t(descriptions[key].title)}</strong>
                <small>{t(descriptions[key].text)}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="cookie-banner__actions">
        {managing ? (
          <Button onClick={() => saveConsent(choice)}>{t('cookies.save')}</Button>
        ) : (
          <Button variant="ghost" onClick={() => setManaging(true)}>
            {t('cookies.manage')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => saveConsent({ advertising: false, customization: false, functionality: false })}>
          {t('cookies.declineAll')}
        </Button>
        <Button onClick={() => saveConsent({ advertising: true, customization: true, functionality: true })}>{t('cookies.acceptAll')}</Button>
      </div>
    </section>
  );
}
