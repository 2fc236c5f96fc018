import { Route, Routes } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { AuditScreen } from './screens/audit';
import { AiScreen } from './screens/ai';
import { BundlesScreen, CurrenciesScreen, FaqScreen, ProductsScreen, RoomsScreen, SocialLinksScreen, StaticPagesScreen } from './screens/catalog-screens';
import { DashboardScreen } from './screens/dashboard';
import { LanguagesScreen, LocalizationsScreen } from './screens/languages';
import { ApplicationsScreen, PayoutsScreen, ReportsScreen, TopicsScreen } from './screens/moderation-screens';
import { DisputesScreen, PaymentsScreen } from './screens/money';
import { SettingsScreen } from './screens/settings';
import { SystemScreen } from './screens/system';
import { UserScreen, UsersScreen } from './screens/users';
import { ContentRulesScreen, HeldMessagesScreen } from './screens/content-rules';
import { ContentTranslationsScreen } from './screens/content-translations';

/** The whole console, loaded lazily from the router (`/admin/*`): normal users never download it. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="users/:id" element={<UserScreen />} />
        <Route path="rooms" element={<RoomsScreen />} />
        <Route path="topics" element={<TopicsScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="applications" element={<ApplicationsScreen />} />
        <Route path="payouts" element={<PayoutsScreen />} />
        <Route path="payments" element={<PaymentsScreen />} />
        <Route path="disputes" element={<DisputesScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="pages" element={<StaticPagesScreen />} />
        <Route path="faq" element={<FaqScreen />} />
        <Route path="bundles" element={<BundlesScreen />} />
        <Route path="products" element={<ProductsScreen />} />
        <Route path="languages" element={<LanguagesScreen />} />
        <Route path="languages/:id" element={<LocalizationsScreen />} />
        <Route path="content-translations" element={<ContentTranslationsScreen />} />
        <Route path="social-links" element={<SocialLinksScreen />} />
        <Route path="currencies" element={<CurrenciesScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="system" element={<SystemScreen />} />
        <Route path="ai" element={<AiScreen />} />
        <Route path="content-rules" element={<ContentRulesScreen />} />
        <Route path="held-messages" element={<HeldMessagesScreen />} />
        <Route path="*" element={<p>Not found</p>} />
      </Route>
    </Routes>
  );
}
