import { type UserProfile } from '@parley/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { Button } from '../../../components/ui/button';

/** Email and phone, read-only; changes go through the Edit Profile modal. */
export function PersonalDetails({ user, onEdit }: { user: UserProfile; onEdit: () => void }) {
  const phone = user.phone ? (parsePhoneNumberFromString(user.phone)?.formatInternational() ?? user.phone) : '—';
  return (
    <section className="card" aria-labelledby="personal-details-title">
      <div className="card__head">
        <h2 className="card__title" id="personal-details-title">
          Personal details
        </h2>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit
        </Button>
      </div>
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>{[user.name, user.surname].filter(Boolean).join(' ')}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <input className="input input--readonly" aria-label="Email" value={user.email} readOnly />
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <input className="input input--readonly" aria-label="Phone" value={phone} readOnly />
          </dd>
        </div>
      </dl>
    </section>
  );
}
