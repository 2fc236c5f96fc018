import { type ReactNode } from 'react';
import { AuditScreen } from './screens/audit';
import { AiScreen } from './screens/ai';
import { BundlesScreen, CurrenciesScreen, FaqScreen, ProductsScreen, RoomsScreen, SocialLinksScreen, StaticPagesScreen } from './screens/catalog-screens';
import { DashboardScreen } from './screens/dashboard';
import { LanguagesScreen, LocalizationsScreen } from './screens/languages';
import { ApplicationsScreen, PayoutsScreen, ReportsScreen, TopicsScreen } from './screens/moderation-screens';
import { DisputesScreen, PaymentsScreen } from './screens/money';
import { RatingsScreen } from './screens/ratings';
import { SettingsScreen } from './screens/settings';
import { SystemScreen } from './screens/system';
import { UserScreen, UsersScreen } from './screens/users';
import { ContentRulesScreen, HeldMessagesScreen } from './screens/content-rules';
import { ContentTranslationsScreen } from './screens/content-translations';
import { ComplaintsScreen } from './screens/complaints';
import { CrisisCareScreen } from './screens/crisis';

/** One console section: its path under /admin ('' is the dashboard), its sidebar label, its screen and any detail routes. */
export interface AdminSection {
  slug: string;
  label: string;
  element: ReactNode;
  /** Routes below the section, e.g. `users/:id`; not in the sidebar. */
  details?: readonly { path: string; element: ReactNode }[];
}

/** The admin console's sections in sidebar order (issue 37 §5): the navigation and the routes both come from here. */
export const adminSections: readonly AdminSection[] = [
  { slug: '', label: 'Dashboard', element: <DashboardScreen /> },
  { slug: 'users', label: 'Users', element: <UsersScreen />, details: [{ path: 'users/:id', element: <UserScreen /> }] },
  { slug: 'rooms', label: 'Rooms', element: <RoomsScreen /> },
  { slug: 'topics', label: 'Topics', element: <TopicsScreen /> },
  { slug: 'reports', label: 'Reports', element: <ReportsScreen /> },
  { slug: 'ratings', label: 'Ratings', element: <RatingsScreen /> },
  { slug: 'held-messages', label: 'Held messages', element: <HeldMessagesScreen /> },
  { slug: 'content-rules', label: 'Content rules', element: <ContentRulesScreen /> },
  { slug: 'complaints', label: 'Complaints', element: <ComplaintsScreen /> },
  { slug: 'crisis', label: 'Crisis care', element: <CrisisCareScreen /> },
  { slug: 'applications', label: 'Applications', element: <ApplicationsScreen /> },
  { slug: 'payouts', label: 'Payouts', element: <PayoutsScreen /> },
  { slug: 'payments', label: 'Payments', element: <PaymentsScreen /> },
  { slug: 'disputes', label: 'Disputes', element: <DisputesScreen /> },
  { slug: 'ai', label: 'AI companion', element: <AiScreen /> },
  { slug: 'settings', label: 'Settings', element: <SettingsScreen /> },
  { slug: 'pages', label: 'Static pages', element: <StaticPagesScreen /> },
  { slug: 'faq', label: 'FAQ', element: <FaqScreen /> },
  { slug: 'bundles', label: 'Bundles', element: <BundlesScreen /> },
  { slug: 'products', label: 'Products', element: <ProductsScreen /> },
  { slug: 'languages', label: 'Languages', element: <LanguagesScreen />, details: [{ path: 'languages/:id', element: <LocalizationsScreen /> }] },
  { slug: 'content-translations', label: 'Content translations', element: <ContentTranslationsScreen /> },
  { slug: 'social-links', label: 'Social links', element: <SocialLinksScreen /> },
  { slug: 'currencies', label: 'Currencies', element: <CurrenciesScreen /> },
  { slug: 'audit', label: 'Audit log', element: <AuditScreen /> },
  { slug: 'system', label: 'System', element: <SystemScreen /> },
];
