import { StaticPage } from '../components/StaticPage';

export default function DeleteUserPage() {
  return <StaticPage id="deleteUser" />;
}
