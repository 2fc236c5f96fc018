import { FaqSection } from '../../features/home/components/faq-section';
import { CallToAction, ClosingBanner, Hero, WhyUs } from '../../features/home/components/home-sections';

export function HomeRoute() {
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
