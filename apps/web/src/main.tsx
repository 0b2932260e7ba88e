// The style sheets stay in the entry, so index.html links them and the first paint is styled.
import './app/mantine-styles';
import './app/global.css';

/**
 * A server-rendered page (decision 0016) is readable as soon as its HTML and styles arrive: the browser paints it
 * first, then evaluates the app (~200 KB of modules, preloaded in parallel by the HTML) and hydrates. Without the
 * wait, a fast connection hands the browser the scripts before its first frame and the paint waits for them.
 * The plain shell (other pages) starts at once.
 */
const start = () => void import('./boot').then((m) => m.boot());
const serverRendered = document.getElementById('root')?.hasAttribute('data-ssr') ?? false;
/** A task of its own for React DOM's evaluation, before the rest of the app's (each one long task on a phone otherwise). */
const startInTwo = () => void import('react-dom/client').then(() => setTimeout(start, 0));
if (serverRendered && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startInTwo, 0));
else start();
