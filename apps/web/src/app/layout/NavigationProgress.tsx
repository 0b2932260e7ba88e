import { useNavigation } from 'react-router';
import classes from './NavigationProgress.module.css';

/** A thin bar at the top while the next page's code loads (lazy routes). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.bar} aria-hidden="true" />;
}
