import { type UserProfile } from '@parley/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** Email and phone, read-only; changes go through the Edit Profile modal. */
export function PersonalDetails({ user, onEdit }: { user: UserProfile; onEdit: () => void }) {
  const t = useT();
  const phone = user.phone ? (parsePhoneNumberFromString(user.phone)?.formatInternational() ?? user.phone) : '—';
  return (
    <section className="card" aria-labelledby="personal-details-title">
      <div className="card__head">
        <h2 className="card__title" id="personal-details-title">
          {t('profileUi.personalDetails')}
        </h2>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t('commonUi.edit')}
        </Button>
      </div>
      <dl className="details">
        <div>
          <dt>{t('profileUi.fullName')}</dt>
          <dd>{[user.name, user.surname].filter(Boolean).join(' ')}</dd>
        </div>
        <div>
          <dt>{t('commonUi.email')}</dt>
          <dd>
            <input className="input input--readonly" aria-label={t('commonUi.email')} value={user.email} readOnly />
          </dd>
        </div>
        <div>
          <dt>{t('commonUi.phone')}</dt>
          <dd>
            <input className="input input--readonly" aria-label={t('commonUi.phone')} value={phone} readOnly />
          </dd>
        </div>
      </dl>
    </section>
  );
}
