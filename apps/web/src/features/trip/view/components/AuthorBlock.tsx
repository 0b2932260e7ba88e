import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconWorld } from '@tabler/icons-react';
import type { UserInfo } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { safeExternalUrl } from '../lib/format';
import { FallbackImage } from '../../../../components/FallbackImage';
import classes from './Trip.module.css';
import { UserText } from '../../../../components/UserText';

/** 000 §3 "User extra information": the planner's picture, name, title, about, and up to three links. */
export default function AuthorBlock({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const links = [
    {
      url: safeExternalUrl(info.facebook_link),
      label: t('trip.author.facebook', { name: info.name }),
      Icon: IconBrandFacebook,
    },
    {
      url: safeExternalUrl(info.instagram_link),
      label: t('trip.author.instagram', { name: info.name }),
      Icon: IconBrandInstagram,
    },
    {
      url: safeExternalUrl(info.website_link),
      label: t('trip.author.website', { name: info.name }),
      Icon: IconWorld,
    },
  ].filter((l) => l.url !== null);
  return (
    <section className={classes.author} aria-label={t('trip.author.label')}>
      {info.profile_image && (
        <FallbackImage
          src={info.profile_image}
          alt={info.name}
          className={classes.authorImage}
          width={72}
          height={72}
        />
      )}
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t('trip.author.plannedBy')}
        </Text>
        <Text fw={700} dir="auto">
          <UserText>{info.name}</UserText>
        </Text>
        {info.title && (
          <Text size="sm" dir="auto">
            <UserText>{info.title}</UserText>
          </Text>
        )}
        {info.about && (
          <Text size="sm" c="dimmed" dir="auto">
            <UserText>{info.about}</UserText>
          </Text>
        )}
        {links.length > 0 && (
          <Group gap={4} mt={4}>
            {links.map(({ url, label, Icon }) => (
              <ActionIcon
                key={label}
                component="a"
                href={url ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                aria-label={label}
                title={label}
              >
                <Icon size={20} aria-hidden />
              </ActionIcon>
            ))}
          </Group>
        )}
      </Stack>
    </section>
  );
}
