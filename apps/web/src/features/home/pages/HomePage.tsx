import { DocumentTitle } from '../../../components/DocumentTitle';
import { useHomeTrips } from '../api/home-trips';
import { ForPlanners } from '../components/ForPlanners';
import { Hero } from '../components/Hero';
import { HomeTripsSection } from '../components/HomeTripsSection';
import { HowItWorks } from '../components/HowItWorks';
import { Partners } from '../components/Partners';
import { WhatsAppButton } from '../components/WhatsAppButton';
import { WhyTrips } from '../components/WhyTrips';

/**
 * `/` (001 §2 Home, 002 §2.9): hero with the destination search, how it works, the trips (featured, recommended,
 * the latest carousel; their own chunk, loaded near the viewport), why plan here, partners, for planners, and the
 * WhatsApp button. The trips' answer is asked for at once: it carries the button's number.
 */
export default function HomePage() {
  const home = useHomeTrips();
  return (
    <>
      <DocumentTitle />
      <Hero />
      <HowItWorks />
      <HomeTripsSection query={home} />
      <WhyTrips />
      <Partners />
      <ForPlanners />
      <WhatsAppButton number={home.data?.whatsappNumber} />
    </>
  );
}
