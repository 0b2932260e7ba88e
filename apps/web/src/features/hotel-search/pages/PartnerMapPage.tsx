import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconArrowBack, IconBuildingSkyscraper, IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { FormAlert } from '../../../components/FormAlert';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { errorCode } from '../../../lib/api';
import { useClientConfig } from '../../../lib/client-config';
import { hotelSearchPath } from '../../../lib/screen-paths';
import { toDisplayDate } from '../../../lib/format';
import { PartnerMapWidget } from '../components/PartnerMapWidget';
import { readPartnerMap } from '../lib/hotel-search-params';
import classes from '../components/HotelSearch.module.css';
import { paths } from '../../../lib/paths';

/**
 * /booking?lat&lng[&checkin&checkout&place&rideId&aid&target_aid] (000 §2): the booking partner's hotel map around a
 * stay, for its dates. The widget and our affiliate id are the server's settings (client_config); a trip's own
 * booking mapping, passed in the address, comes first. Without a place, with the map turned off, or with no
 * affiliate id, the page says so and offers our own hotel search instead.
 */
export default function PartnerMapPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const stay = useMemo(() => readPartnerMap(params), [params]);
  const config = useClientConfig();
  const place = stay?.place || t('hotelSearch.thePlace');
  const title = t('hotelSearch.partnerMapTitle');
  const ourList = stay && (
    <Button
      component={Link}
      to={hotelSearchPath({ lat: stay.lat, lng: stay.lng, place: stay.place, rideId: stay.rideId })}
      variant="light"
      leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
    >
      {t('hotelSearch.partnerMapOurList')}
    </Button>
  );

  // Why there is no map: a notice in the reader's language (an alert when the link is at fault).
  const noMap = (title: string, problem: boolean, children?: ReactNode) => (
    <Alert color={problem ? 'orange' : 'gray'} variant="light" icon={<IconMapOff size={20} aria-hidden />} title={title} role={problem ? 'alert' : 'status'} data-testid="partner-map-notice">
      {children}
    </Alert>
  );
  let body;
  if (!stay) {
    body = noMap(
      t('hotelSearch.partnerMapBadPlace'),
      true,
      <Button mt="xs" component={Link} to={hotelSearchPath({ lat: null, lng: null, place: '', rideId: null })} variant="light" color="orange">
        {t('hotelSearch.title')}
      </Button>,
    );
  } else if (config.isPending) {
    body = <LoadingIndicator p="xl" />;
  } else if (config.isError) {
    body = <FormAlert code={errorCode(config.error)} />;
  } else {
    const widget = config.data.bookingWidget;
    const aid = stay.aid ?? widget?.aid ?? null;
    body =
      widget && aid ? (
        <PartnerMapWidget stay={stay} scriptUrl={widget.scriptUrl} aid={aid} targetAid={stay.aid ? stay.targetAid : null} />
      ) : (
        noMap(t('hotelSearch.partnerMapOff'), false)
      );
  }

  return (
    <div className={classes.page}>
      <DocumentTitle title={stay ? `${title} – ${place}` : title} />
      <header className={classes.head}>
        <div className={classes.titleRow}>
          <h1 className={classes.title}>{title}</h1>
          {stay?.rideId != null && (
            <Button
              component={Link}
              to={paths.trip(stay.rideId)}
              variant="default"
              leftSection={<IconArrowBack size={16} aria-hidden />}
            >
              {t('hotelSearch.backToTrip')}
            </Button>
          )}
        </div>
        {stay && (
          <p className={classes.lead} data-testid="partner-map-lead">
            {stay.checkIn && stay.checkOut ? (
              <>
                {t('hotelSearch.partnerMapLead', { place })} <bdi>{toDisplayDate(stay.checkIn)}</bdi> –{' '}
                <bdi>{toDisplayDate(stay.checkOut)}</bdi>
              </>
            ) : (
              t('hotelSearch.partnerMapNoDates', { place })
            )}
          </p>
        )}
        {ourList && <Group>{ourList}</Group>}
      </header>
      <div className={classes.partnerMapBody}>{body}</div>
    </div>
  );
}
