import { DocumentTitle } from '../../../components/DocumentTitle';
import { ForPlanners } from '../components/ForPlanners';
import { Hero } from '../components/Hero';
import { HowItWorks } from '../components/HowItWorks';
import { WhyRides } from '../components/WhyRides';

/** `/`: hero, how it works, why plan here, for planners. Trip search and featured trips come with the search issue. */
export default function HomePage() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <HowItWorks />
      <WhyRides />
      <ForPlanners />
    </>
  );
}
