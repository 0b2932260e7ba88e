import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OneTimeLinkItem } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates';
import classes from './AccessKeys.module.css';

/**
 * The access page's one-time links (issue 30 point 5, decision 0045): for whom each was made and when, and who came in
 * with it (their name and e-mail, when), or that it is still unused. The server sends them to the trip's planner only.
 */
export function OneTimeLinksSection({ links }: { links: OneTimeLinkItem[] }) {
  const { t } = useTranslation();
  const date = formatDateTime;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="access-one-time-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="access-one-time-heading">
          {t('accessKeys.access.oneTimeHeading')}
        </Title>
        {links.length === 0 ? (
          <Text c="dimmed">{t('accessKeys.access.oneTimeEmpty')}</Text>
        ) : (
          <ul className={classes.joined}>
            {links.map((l) => (
              <li key={l.key} className={classes.joinedRow}>
                <div className={classes.joinedWho}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>
                      {l.recipientDetails ? (
                        <bdi>{l.recipientDetails}</bdi>
                      ) : (
                        t('accessKeys.access.oneTimeNoRecipient')
                      )}
                    </Text>
                    <Badge variant="light" color={l.usedBy ? 'gray' : 'brand'}>
                      {t(l.usedBy ? 'accessKeys.access.oneTimeUsed' : 'accessKeys.access.oneTimeUnused')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('accessKeys.access.oneTimeMade', { date: date(l.createdAt) })}
                  </Text>
                  {l.usedBy && (
                    <>
                      <Text size="sm">
                        {t('accessKeys.access.oneTimeUsedBy', {
                          name: `\u2068${l.usedBy.userName || l.usedBy.email || t('accessKeys.access.deletedUser')}\u2069`,
                          date: date(l.usedBy.usedAt),
                        })}
                      </Text>
                      {l.usedBy.email && (
                        <Text size="sm" c="dimmed" dir="ltr" className={classes.email}>
                          {l.usedBy.email}
                        </Text>
                      )}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
