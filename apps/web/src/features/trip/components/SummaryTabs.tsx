import { useState } from 'react';
import { List, Text, UnstyledButton } from '@mantine/core';
import type { HighLevelRideLocation, RideDay } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Tabs, type TabItem } from '../../../components/Tabs/Tabs';
import { scrollToElement } from '../hooks/useFocusedDay';
import { accommodationElementId } from './AccommodationCard';
import classes from './Trip.module.css';

type Tab = 'activities' | 'accommodations';

/**
 * 000 §2: 'activities' lists each day's activity titles; 'accommodations' is a timeline of the stays (alternating
 * sides), a click scrolls to that stay. The accommodations tab exists only when there are stays, and with one or
 * fewer the activities tab is forced; otherwise it is the initial tab. Until the user picks a tab, the default one
 * bounces every 3000 ms for 500 ms (CSS, off under prefers-reduced-motion).
 */
export function SummaryTabs({
  days,
  locations,
  beforeJump,
}: {
  days: RideDay[];
  locations: HighLevelRideLocation[];
  /** Called before scrolling to a stay: the page renders its days progressively and must render them all first. */
  beforeJump?: () => void;
}) {
  const { t } = useTranslation();
  const withStays = locations.length > 1;
  const initial: Tab = withStays ? 'accommodations' : 'activities';
  const [tab, setTab] = useState<Tab>(initial);
  const [picked, setPicked] = useState(false);
  const bounce = (value: Tab) => (!picked && value === initial ? classes.bounce : undefined);

  const goTo = (id: number) => {
    beforeJump?.();
    const el = document.getElementById(accommodationElementId(id));
    if (el) {
      scrollToElement(el);
      el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    }
  };

  const tabs: TabItem<Tab>[] = [
    ...(withStays
      ? [
          {
            value: 'accommodations' as const,
            label: t('trip.tabs.accommodations'),
            className: bounce('accommodations'),
          },
        ]
      : []),
    { value: 'activities', label: t('trip.tabs.activities'), className: bounce('activities') },
  ];

  return (
    <Tabs
      value={tab}
      tabs={tabs}
      onChange={(v) => {
        setTab(v);
        setPicked(true);
      }}
    >
      {tab === 'activities' ? (
        <ol style={{ margin: 0, paddingInlineStart: '1.2em' }}>
          {days.map((day, i) => (
            <li key={i}>
              <Text fw={700} size="sm">
                {t('trip.dayN', { number: i + 1 })}
              </Text>
              {day.daily_attractions.length > 0 ? (
                <List size="sm" mb="xs" withPadding>
                  {day.daily_attractions.map((a, j) => (
                    <List.Item key={`${a.id}-${j}`}>{a.title}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed" mb="xs">
                  {t('trip.noActivities')}
                </Text>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <ol className={classes.timeline}>
          {locations.map((l) => (
            <li key={l.id} className={classes.timelineItem}>
              <UnstyledButton className={classes.timelineButton} onClick={() => goTo(l.id)}>
                <Text fw={700} size="sm" component="span" display="block">
                  {l.locationName}
                </Text>
                <Text size="xs" c="dimmed" component="span" display="block">
                  {l.numberOfDays <= 1 ? t('trip.oneNight') : t('trip.nights', { count: l.numberOfDays })}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ol>
      )}
    </Tabs>
  );
}
