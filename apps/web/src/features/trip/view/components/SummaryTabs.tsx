import { useState } from 'react';
import { List, Text, UnstyledButton } from '@mantine/core';
import type { HighLevelTripLocation, TripDay } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Tabs, type TabItem } from '../../../../components/Tabs/Tabs';
import { dayElementId, scrollToElement } from '../hooks/useFocusedDay';
import { stayTimeline } from '../lib/stay-timeline';
import { accommodationElementId } from './AccommodationCard';
import classes from './Trip.module.css';
import { UserText } from '../../../../components/UserText';

type Tab = 'activities' | 'accommodations';

/**
 * 000 §2: 'activities' lists each day's activity titles; 'accommodations' is a timeline of the stays (alternating
 * sides), a click scrolls to that stay. The accommodations tab exists only when there are stays, and with one or
 * fewer the activities tab is forced; otherwise it is the initial tab. Until the user picks a tab, the default one
 * bounces every 3000 ms for 500 ms (CSS, off under prefers-reduced-motion). Ours (issue 6): the timeline flags the
 * nights with no stay planned where they fall; a click scrolls to that day.
 */
export function SummaryTabs({
  days,
  locations,
  beforeJump,
}: {
  days: TripDay[];
  locations: HighLevelTripLocation[];
  /** Called before scrolling to a stay: the page renders its days progressively and must render them all first. */
  beforeJump?: () => void;
}) {
  const { t } = useTranslation();
  const withStays = locations.length > 1;
  const initial: Tab = withStays ? 'accommodations' : 'activities';
  const [tab, setTab] = useState<Tab>(initial);
  const [picked, setPicked] = useState(false);
  const bounce = (value: Tab) => (!picked && value === initial ? classes.bounce : undefined);

  const goTo = (elementId: string) => {
    beforeJump?.();
    const el = document.getElementById(elementId);
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
                    <List.Item key={`${a.id}-${j}`}>
                      <UserText>{a.title}</UserText>
                    </List.Item>
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
          {stayTimeline(days, locations).map((entry) =>
            entry.kind === 'stay' ? (
              <li key={entry.location.id} className={classes.timelineItem}>
                <UnstyledButton className={classes.timelineButton} onClick={() => goTo(accommodationElementId(entry.location.id))}>
                  <Text fw={700} size="sm" component="span" display="block">
                    {entry.location.locationName}
                  </Text>
                  <Text size="xs" c="dimmed" component="span" display="block">
                    {entry.location.numberOfDays <= 1 ? t('trip.oneNight') : t('trip.nights', { count: entry.location.numberOfDays })}
                  </Text>
                </UnstyledButton>
              </li>
            ) : (
              <li key={`gap-${entry.firstNight}`} className={`${classes.timelineItem} ${classes.timelineGap}`} data-testid="timeline-no-stay">
                <UnstyledButton className={classes.timelineButton} onClick={() => goTo(dayElementId(entry.firstNight))}>
                  <Text fw={700} size="sm" component="span" display="block" className={classes.timelineGapTitle}>
                    {t('trip.noStayPlanned')}
                  </Text>
                  <Text size="xs" c="dimmed" component="span" display="block">
                    {entry.firstNight === entry.lastNight
                      ? t('trip.nightN', { number: entry.firstNight + 1 })
                      : t('trip.nightsFromTo', { from: entry.firstNight + 1, to: entry.lastNight + 1 })}
                  </Text>
                </UnstyledButton>
              </li>
            ),
          )}
        </ol>
      )}
    </Tabs>
  );
}
