import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCopy, IconLanguage, IconMap2, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

const FEATURES = [
  { icon: IconCopy, key: 'copy' },
  { icon: IconMap2, key: 'map' },
  { icon: IconWifiOff, key: 'offline' },
  { icon: IconLanguage, key: 'languages' },
] as const;

/** Why plan here: what a traveller gets. */
export function WhyTrips() {
  const { t } = useTranslation();
  return (
    <Section id="why" title={t('home.why.title')} tone="tinted">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
        {FEATURES.map(({ icon: Icon, key }) => (
          <Stack key={key} gap="xs">
            <ThemeIcon size={44} radius="md" aria-hidden>
              <Icon size={24} stroke={1.8} />
            </ThemeIcon>
            <Title order={3} fz="md">
              {t(`home.why.${key}Title`)}
            </Title>
            <Text c="dimmed" lh={1.6}>
              {t(`home.why.${key}Text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
