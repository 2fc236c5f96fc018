import { type UserProfile } from '@parley/contracts';
import { useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs, tabPanelProps } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { BlockedList } from '../../features/chat/components/blocked-list';
import { NotificationSettingsPanel } from '../../features/notifications/components/notification-settings';
import { DataRights } from '../../features/profile/components/data-rights';
import { MyDecisions } from '../../features/decisions/components/my-decisions';
import { TwoFactorSettings } from '../../features/profile/components/two-factor-settings';
import { PasskeySettings } from '../../features/profile/components/passkey-settings';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { EditProfileModal } from '../../features/profile/components/edit-profile-modal';
import { PersonalDetails } from '../../features/profile/components/personal-details';
import { ProfileHeader } from '../../features/profile/components/profile-header';
import { BundlesCard } from '../../features/coins/components/bundles-card';
import { ChannelStatusCard } from '../../features/coins/components/channel-status-card';
import { PurchasesHistory } from '../../features/coins/components/purchases-history';
import { SpendingLimitsForm } from '../../features/coins/components/spending-limits-form';
import { TopUpCard } from '../../features/coins/components/top-up-card';
import { InterlocutorCard } from '../../features/contributors/components/interlocutor-card';
import { RatingsCard } from '../../features/ratings/components/ratings-card';
import { PayoutHistory } from '../../features/payouts/components/payout-history';
import { WithdrawCard } from '../../features/payouts/components/withdraw-card';
import { OrdersHistory, TransactionsHistory } from '../../features/store/components/history-tables';
import { authStore } from '../../lib/auth';
import { useT, type TextKey } from '../../lib/i18n';
import { useFormat } from '../../lib/use-format';
import { useUser } from '../../lib/user';
import { Preferences } from '../layouts/footer';

/** What every account tab body and card receives. */
export interface AccountSectionProps {
  user: UserProfile;
  openEditProfile: () => void;
}

interface AccountTab {
  id: string;
  label: TextKey;
  Component: ComponentType<AccountSectionProps>;
}

function SettingsTab() {
  const t = useT();
  return (
    <div className="stack">
      <section className="card" aria-labelledby="password-title">
        <h2 className="card__title" id="password-title">
          {t('appUi.passwordTitle')}
        </h2>
        <ChangePasswordForm />
      </section>
      <section className="card" aria-labelledby="prefs-title">
        <h2 className="card__title" id="prefs-title">
          {t('appUi.languageAndCurrency')}
        </h2>
        <Preferences />
      </section>
      <section className="card" aria-labelledby="spending-title">
        <h2 className="card__title" id="spending-title">
          {t('spending.title')}
        </h2>
        <SpendingLimitsForm />
      </section>
    </div>
  );
}

function SecurityTab() {
  const t = useT();
  return (
    <div className="stack">
      <section className="card" aria-labelledby="two-factor-title">
        <h2 className="card__title" id="two-factor-title">
          {t('twoFactor.title')}
        </h2>
        <TwoFactorSettings />
      </section>
      <section className="card" aria-labelledby="passkeys-title">
        <h2 className="card__title" id="passkeys-title">
          {t('passkeys.title')}
        </h2>
        <PasskeySettings />
      </section>
    </div>
  );
}

function PersonalTab({ user, openEditProfile }: AccountSectionProps) {
  return <PersonalDetails user={user} onEdit={openEditProfile} />;
}

function BalanceTab(props: AccountSectionProps) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="stack">
      <section className="card balance-card" aria-labelledby="balance-title">
        <h2 className="card__title" id="balance-title">
          {t('appUi.yourBalance')}
        </h2>
        <p className="balance-card__value">{format.coins(props.user.balance)}</p>
      </section>
      <HistorySwitch {...props} />
    </div>
  );
}

/*
 * The spec's Purchases / Payouts switch (5 per page, padded to 5 rows). Each feature
 * brings its table: Purchases (coins feature) goes first, Payouts (payouts feature) after.
 */
const historyTabs: AccountTab[] = [
  { id: 'purchases', label: 'payout.purchasesTab', Component: PurchasesHistory },
  { id: 'payouts', label: 'payout.payoutsTab', Component: PayoutHistory },
];

function HistorySwitch(props: AccountSectionProps) {
  const t = useT();
  const [active, setActive] = useState(historyTabs[0]!.id);
  const tab = historyTabs.find((item) => item.id === active) ?? historyTabs[0]!;
  return (
    <section className="card" aria-label={t('appUi.purchasesAndPayouts')}>
      <Tabs
        tabs={historyTabs.map((item) => ({ id: item.id, label: t(item.label) }))}
        active={tab.id}
        label={t('appUi.purchasesAndPayouts')}
        idPrefix="history"
        onChange={setActive}
      />
      <div {...tabPanelProps(tab.id, 'history')}>
        <tab.Component {...props} />
      </div>
    </section>
  );
}

/*
 * COMPOSITION POINT of the account page (route name `account`, ?tab=…, default settings).
 * - A tab: append `{ id, label, Component }` to `accountTabs`; `?tab=<id>` opens it
 *   (history and orders tabs come from their features). An unknown tab shows settings.
 * - A card (top-up, withdraw, channel status, interlocutor, bundles, payouts…): append its
 *   component to `accountCards`; cards stack in the side column, in array order, on every tab.
 * Both receive `AccountSectionProps`. Import feature components here; features never import each other.
 */
const accountTabs: AccountTab[] = [
  { id: 'settings', label: 'appUi.settingsTab', Component: SettingsTab },
  { id: 'personal', label: 'appUi.personalTab', Component: PersonalTab },
  { id: 'balance', label: 'appUi.balanceTab', Component: BalanceTab },
  { id: 'orders', label: 'appUi.ordersTab', Component: OrdersHistory },
  { id: 'history', label: 'appUi.historyTab', Component: TransactionsHistory },
  { id: 'notifications', label: 'push.settingsTitle', Component: NotificationSettingsPanel },
  { id: 'blocked', label: 'blocks.tab', Component: BlockedList },
  { id: 'security', label: 'twoFactor.tab', Component: SecurityTab },
  { id: 'decisions', label: 'decisions.tab', Component: MyDecisions },
  { id: 'data', label: 'account.dataTab', Component: DataRights },
];

const accountCards: ComponentType<AccountSectionProps>[] = [TopUpCard, InterlocutorCard, RatingsCard, WithdrawCard, ChannelStatusCard, BundlesCard];

export function AccountRoute() {
  const t = useT();
  const { data: user, isPending, isError, refetch } = useUser();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);

  if (isPending) return <PageSpinner />;
  if (isError || !user) {
    return (
      <div className="container page-state" role="alert">
        <p>{t('profile.failedLoad')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('commonUi.tryAgain')}
        </Button>
      </div>
    );
  }

  const active = accountTabs.find((tab) => tab.id === params.get('tab')) ?? accountTabs[0]!;
  const section: AccountSectionProps = { user, openEditProfile: () => setEditing(true) };
  const logout = async () => {
    await authStore.logout();
    navigate(paths.home.getHref());
  };

  return (
    <div className="container page account">
      <ProfileHeader user={user} onEdit={section.openEditProfile} onLogout={logout} />
      <div className={`account__layout${accountCards.length ? '' : ' account__layout--single'}`}>
        <div className="account__main">
          <Tabs
            tabs={accountTabs.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
            active={active.id}
            label={t('appUi.accountSections')}
            idPrefix="account"
            onChange={(tab) => setParams({ tab })}
          />
          <div {...tabPanelProps(active.id, 'account')} className="account__panel">
            <active.Component {...section} />
          </div>
        </div>
        {accountCards.length > 0 && (
          <aside className="account__side stack">
            {accountCards.map((Card, index) => (
              <Card key={index} {...section} />
            ))}
          </aside>
        )}
      </div>
      <EditProfileModal user={user} open={editing} onClose={() => setEditing(false)} />
    </div>
  );
}
