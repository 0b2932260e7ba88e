import ForPlannersPage from '../../features/for-planners/pages/ForPlannersPage';
import { ContactModal } from '../../features/contact';

/** The planners landing page with the contact feature's form, composed here: no feature imports another (decision 0054). */
export default function ForPlannersRoute() {
  return <ForPlannersPage ContactForm={ContactModal} />;
}
