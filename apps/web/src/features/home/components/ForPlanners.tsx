import { Button, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../../lib/modal-controller';
import { SITE } from '../../../lib/site';
import { Section } from './Section';
import classes from './ForPlanners.module.css';

const BENEFITS = ['branded', 'oneLink', 'noApp', 'templates', 'protection', 'offline'] as const;

/** For professional planners (002 §2.8 benefits), with a way to reach us. */
export function ForPlanners() {
  const { t } = useTranslation();
  return (
    <Section id="planners" title={t('home.planners.title')} intro={t('home.planners.intro')} tone="dark">
      <div className={classes.grid}>
        <List
          spacing="sm"
          size="md"
          icon={
            <ThemeIcon size={24} radius="xl" color="white" c="brand.8" aria-hidden>
              <IconCheck size={16} stroke={3} />
            </ThemeIcon>
          }
          className={classes.list}
        >
          {BENEFITS.map((key) => (
            <List.Item key={key}>
              <Text span fw={700}>
                {t(`home.planners.${key}Title`)}
              </Text>{' '}
              <Text span className={classes.soft}>
                {t(`home.planners.${key}Text`)}
              </Text>
            </List.Item>
          ))}
        </List>
        <div className={classes.cta}>
          <Text fw={700} fz="lg">
            {t('home.planners.ctaTitle')}
          </Text>
          <Text className={classes.soft} mt={6}>
            {t('home.planners.ctaText')}
          </Text>
          <Group mt="md" gap="sm">
            <Button
              variant="white"
              size="md"
              leftSection={<IconMessageCircle aria-hidden size={20} />}
              onClick={() => openAppModal('contact')}
            >
              {t('home.planners.ctaButton')}
            </Button>
            <a href={SITE.phoneHref} className={classes.phone} dir="ltr">
              {SITE.phone}
            </a>
          </Group>
        </div>
      </div>
    </Section>
  );
}
