import { LoadingIndicator } from './LoadingIndicator';

/** A centred spinner for pages and sections while their data loads. */
export function PageLoader() {
  return <LoadingIndicator mih="40vh" />;
}
