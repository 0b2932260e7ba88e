import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapRoute, IconPlaylistAdd, IconShare3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import hidden from './VisuallyHidden.module.css';
import classes from './HowItWorksSteps.module.css';

const STEPS = [
  { icon: IconMapRoute, key: 'step1' },
  { icon: IconPlaylistAdd, key: 'step2' },
  { icon: IconShare3, key: 'step3' },
] as const;

/**
 * The three steps (001 §2): pick a shared trip as a base, add or remove attractions, go and share. The list only:
 * the home page and the trip search each give it their own heading.
 */
export function HowItWorksSteps() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" className={classes.list}>
      {STEPS.map(({ icon: Icon, key }, i) => (
        <Card component="li" key={key} withBorder radius="lg" padding="lg" className={classes.card}>
          <div className={classes.head}>
            <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
              <Icon size={28} stroke={1.7} />
            </ThemeIcon>
            <Text className={classes.number} aria-hidden>
              {i + 1}
            </Text>
          </div>
          <Title order={3} fz="lg" mt="md">
            <span className={hidden.visuallyHidden}>{t('home.how.stepLabel', { n: i + 1 })} </span>
            {t(`home.how.${key}Title`)}
          </Title>
          <Text mt="xs" c="dimmed" lh={1.6}>
            {t(`home.how.${key}Text`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
