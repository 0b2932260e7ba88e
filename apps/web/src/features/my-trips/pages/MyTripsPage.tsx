import { useState } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { DEFAULT_TRIP_CATEGORY, TRIP_CATEGORIES, type RideCategory, type UserRide } from '@rides/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { SignInFirst, StatusPage } from '../../../components/StatusPage';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { invalidateTrip } from '../../../lib/invalidate-trip';
import { useSession } from '../../../lib/session-store';
import { useWrite } from '../../../lib/use-write';
import { updateTripCategory, userTripsQuery } from '../api/user-trips';
import { CATEGORY_ICONS } from '../components/categories';
import { TripCard } from '../components/TripCard';
import classes from '../components/MyTrips.module.css';
import { queryKeys } from '../../../lib/query-keys';

const isCategory = (v: string | null): v is RideCategory =>
  (TRIP_CATEGORIES as readonly (string | null)[]).includes(v);

/**
 * /user_rides (001 §2 "My trips"): signed-in users only. The five category tiles (planning first, the default), the
 * trips of the chosen one (kept in the address, ?category=), each with title, days and place; the author changes a
 * trip's category from its card (update_ride_category_api) and the list is read again.
 */
export default function MyTripsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { run } = useWrite();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('category');
  const category: RideCategory = isCategory(requested) ? requested : DEFAULT_TRIP_CATEGORY;
  const trips = useQuery({ ...userTripsQuery(session?.token ?? ''), enabled: session !== null });
  const [busyId, setBusyId] = useState<number | null>(null);
  const title = t('myTrips.title');

  if (session === null) return <SignInFirst title={title} text={t('myTrips.signInText')} />;
  if (trips.isError)
    return (
      <StatusPage icon={IconAlertTriangle} title={title} role="alert">
        <Text>{t(messageKey(errorCode(trips.error)))}</Text>
        <Button onClick={() => void trips.refetch()}>{t('myTrips.retry')}</Button>
      </StatusPage>
    );

  const all = trips.data?.rides ?? [];
  const shown = all.filter((r) => r.category_name === category);
  const choose = (c: RideCategory) =>
    setSearch(c === DEFAULT_TRIP_CATEGORY ? {} : { category: c }, { replace: true });

  const changeCategory = async (ride: UserRide, next: RideCategory) => {
    setBusyId(ride.id);
    await run(() => updateTripCategory(ride.id, next), {
      invalidate: (queryClient) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.userTrips.all }),
          invalidateTrip(queryClient, ride.id),
        ]),
      success: t('myTrips.moved', { title: ride.title, category: t(`myTrips.categories.${next}.label`) }),
    });
    setBusyId(null);
  };

  return (
    <Container size="lg" py="lg" px="md">
      <DocumentTitle title={title} />
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Button
            component={Link}
            to={paths.rideInformation()}
            leftSection={<IconPlus aria-hidden size={18} />}
          >
            {t('myTrips.newTrip')}
          </Button>
        </Group>

        <section aria-label={t('myTrips.categoriesLabel')}>
          <div className={classes.tiles}>
            {TRIP_CATEGORIES.map((c) => {
              const Icon = CATEGORY_ICONS[c];
              const count = all.filter((r) => r.category_name === c).length;
              return (
                <button
                  key={c}
                  type="button"
                  className={classes.tile}
                  aria-pressed={c === category}
                  onClick={() => choose(c)}
                >
                  <span className={classes.tileHead}>
                    <Icon aria-hidden size={20} />
                    <span>{t(`myTrips.categories.${c}.label`)}</span>
                    {trips.data && <span className={classes.tileCount}>{count}</span>}
                  </span>
                  <span className={classes.tileText}>{t(`myTrips.categories.${c}.description`)}</span>
                </button>
              );
            })}
          </div>
        </section>

        <section aria-labelledby="my-trips-list">
          <Stack gap="sm">
            <Title order={2} fz="xl" id="my-trips-list">
              {t(`myTrips.categories.${category}.label`)}
            </Title>
            {trips.isPending ? (
              <LoadingIndicator p="xl" />
            ) : shown.length === 0 ? (
              <Text c="dimmed">{all.length === 0 ? t('myTrips.noTrips') : t('myTrips.emptyCategory')}</Text>
            ) : (
              <ul className={classes.cards}>
                {shown.map((ride) => (
                  <li key={ride.id}>
                    <TripCard
                      ride={ride}
                      busy={busyId === ride.id}
                      onCategory={(r, c) => void changeCategory(r, c)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
