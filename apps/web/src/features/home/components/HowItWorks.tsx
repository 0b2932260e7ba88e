import { useTranslation } from 'react-i18next';
import { HowItWorksSteps } from '../../../components/HowItWorksSteps';
import { Section } from './Section';

/** The three steps (001 §2) as a home-page band; the steps themselves are shared with the trip search. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Section id="how-it-works" title={t('home.how.title')} intro={t('home.how.intro')}>
      <HowItWorksSteps />
    </Section>
  );
}
