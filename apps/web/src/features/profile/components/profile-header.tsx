import { type UserProfile } from '@parley/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';

interface ProfileHeaderProps {
  user: UserProfile;
  onEdit: () => void;
  onLogout: () => void;
}

/** Name, balance, log out and the edit-profile icon (spec §2 Account page). */
export function ProfileHeader({ user, onEdit, onLogout }: ProfileHeaderProps) {
  const t = useT();
  const format = useFormat();
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  return (
    <section className="profile-header card" aria-label={t('profileUi.profile')}>
      <Avatar name={user.name} color={user.avatar_color} size={72} />
      <div className="profile-header__who">
        <div className="profile-header__name-row">
          <h1 className="profile-header__name">{fullName}</h1>
          <button type="button" className="icon-button" aria-label={t('profile.editProfile')} title={t('profile.editProfile')} onClick={onEdit}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
        <p className="muted">{t('profileUi.memberSince', { date: format.longDate(user.created_at) })}</p>
      </div>
      <div className="profile-header__balance">
        <span className="profile-header__balance-label">{t('commonUi.balance')}</span>
        <strong className="profile-header__balance-value" data-testid="profile-balance">
          {format.coins(user.balance)}
        </strong>
      </div>
      <button type="button" className="btn btn--ghost btn--sm profile-header__logout" onClick={onLogout}>
        {t('nav.logout')}
      </button>
    </section>
  );
}
