import { StaticPage } from '../components/StaticPage';

export default function PrivacyPage() {
  return <StaticPage id="privacy" withBack />;
}
