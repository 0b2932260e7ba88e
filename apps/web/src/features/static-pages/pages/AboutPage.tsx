import { StaticPage } from '../components/StaticPage';

export default function AboutPage() {
  return <StaticPage id="about" />;
}
