import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconMapOff, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { PARTNER_HOME } from '../../../lib/affiliate';
import type { PartnerMapState } from '../../../lib/screen-paths';
import classes from './HotelSearch.module.css';

interface PartnerMapWidgetProps {
  stay: PartnerMapState;
  scriptUrl: string;
  aid: string;
  targetAid: string | null;
}

type Status = 'loading' | 'ready' | 'failed' | 'offline';

/** A script that neither loads nor fails in this long (a stalled connection) is reported as failed. */
const LOAD_TIMEOUT_MS = 20_000;

/**
 * The booking partner's hotel map (000 §2 /booking): Booking.com's affiliate widget. Its embed is an
 * <ins class="bookingaff" data-prod="map" ...> placeholder that the partner's script, once loaded, turns into the
 * map (in the partner's frame). Offline, or when the script cannot load, a notice says so and offers to retry;
 * each attempt (and each language: the map has its own texts) is a fresh load.
 */
export function PartnerMapWidget(props: PartnerMapWidgetProps) {
  const { i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  return <PartnerMapLoad key={`${attempt}-${i18n.language}`} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

/**
 * One load. The placeholder is made outside React's tree, because the partner's script replaces its content; the
 * script is added each time (as the partner's own snippet does), because it looks for placeholders only when it runs.
 */
function PartnerMapLoad({ stay, scriptUrl, aid, targetAid, onRetry }: PartnerMapWidgetProps & { onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>(() => (typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'loading'));
  const offlineAtStart = useRef(status === 'offline');

  useEffect(() => {
    const box = host.current;
    if (!box || offlineAtStart.current) return;
    const ins = document.createElement('ins');
    ins.className = 'bookingaff';
    const data: Record<string, string> = {
      aid,
      target_aid: targetAid ?? aid,
      prod: 'map',
      width: '100%',
      height: '590',
      lang: i18n.language === 'he' ? 'he' : 'en-gb',
      dest_id: '0',
      dest_type: 'landmark',
      latitude: String(stay.lat),
      longitude: String(stay.lng),
      mwhsb: '0',
    };
    if (stay.checkIn && stay.checkOut) {
      data.checkin = stay.checkIn;
      data.checkout = stay.checkOut;
    }
    for (const [name, value] of Object.entries(data)) ins.setAttribute(`data-${name}`, value);
    // What the placeholder shows until the partner's script replaces it (and if it never does).
    const fallback = document.createElement('a');
    fallback.href = `${PARTNER_HOME}?aid=${encodeURIComponent(aid)}`;
    fallback.rel = 'noopener sponsored';
    fallback.target = '_blank';
    fallback.textContent = 'Booking.com';
    ins.append(fallback);
    box.replaceChildren(ins);

    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.partnerWidget = '';
    let settled = false;
    const settle = (next: Status) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setStatus(next);
    };
    const timer = window.setTimeout(() => settle('failed'), LOAD_TIMEOUT_MS);
    script.onload = () => settle('ready');
    script.onerror = () => settle(navigator.onLine ? 'failed' : 'offline');
    const goneOffline = () => settle('offline');
    window.addEventListener('offline', goneOffline);
    document.head.append(script);
    return () => {
      settled = true;
      window.clearTimeout(timer);
      window.removeEventListener('offline', goneOffline);
      script.remove();
      box.replaceChildren();
    };
  }, [stay, scriptUrl, aid, targetAid, i18n.language]);

  // Back online: try again by itself.
  useEffect(() => {
    if (status !== 'offline') return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [status, onRetry]);

  const problem = status === 'offline' || status === 'failed';
  return (
    <section className={classes.partnerMap} aria-label={t('hotelSearch.partnerMapLabel')} aria-busy={status === 'loading'}>
      {problem && (
        <Alert
          color="orange"
          variant="light"
          icon={status === 'offline' ? <IconWifiOff size={20} aria-hidden /> : <IconMapOff size={20} aria-hidden />}
          title={t(status === 'offline' ? 'hotelSearch.partnerMapOffline' : 'hotelSearch.partnerMapFailed')}
          role="alert"
          data-testid="partner-map-notice"
        >
          <Button mt="xs" variant="light" color="orange" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {t('hotelSearch.partnerMapRetry')}
          </Button>
        </Alert>
      )}
      {status === 'loading' && <LoadingIndicator p="md" />}
      <div ref={host} className={classes.partnerMapHost} hidden={problem} data-testid="partner-map" />
    </section>
  );
}
