import { StaticPage } from '../components/StaticPage';

export default function TermsPage() {
  return <StaticPage id="terms" withBack />;
}
