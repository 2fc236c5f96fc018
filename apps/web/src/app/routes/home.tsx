import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { FaqSection } from '../../features/home/components/faq-section';
import { CallToAction, ClosingBanner, Hero, WhyUs } from '../../features/home/components/home-sections';
import { authStore } from '../../lib/auth';
import { useT } from '../../lib/i18n';

/** Navigation state of a deleted account's last step (Account → Your data): forget the session here, on a public page. */
interface GoodbyeState {
  accountDeleted: true;
}

export function HomeRoute() {
  useGoodbye();
  return (
    <>
      <Hero />
      <WhyUs />
      <CallToAction />
      <FaqSection />
      <ClosingBanner />
    </>
  );
}

/**
 * After deleting the account the user lands here with a goodbye notice (issue 33). The session is forgotten only
 * now: forgetting it on the account page made its guard send the user to sign-in with a redirect back to it.
 */
function useGoodbye() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const deleted = (location.state as Partial<GoodbyeState> | null)?.accountDeleted === true;
  useEffect(() => {
    if (!deleted) return;
    authStore.expireSession();
    toast.success(t('account.deleted'));
    navigate(location.pathname, { replace: true, state: null });
  }, [deleted, location.pathname, navigate, t]);
}
