import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconMap2, IconPhotoShare, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-store';
import { HeroSearch } from './HeroSearch';
import { RouteIllustration } from './RouteIllustration';
import classes from './Hero.module.css';

/** Tagline, what the product does, the destination search (001 §2 Home), and the first step. */
export function Hero() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  // "Share a trip" (issue 20): a visitor gets the sign-in first, over the page that will build the trip.
  const shareTrip = () => {
    if (!session) openAppModal('login');
    void navigate(PATHS.newTripFromPhotos);
  };
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.inner}>
        <Stack gap="lg" className={classes.text}>
          <Badge variant="light" size="lg" radius="sm" className={classes.eyebrow}>
            {t('home.hero.eyebrow')}
          </Badge>
          <Title order={1} id="hero-title" className={classes.title}>
            {t('home.hero.title')}
          </Title>
          <Text className={classes.lead}>{t('home.hero.text')}</Text>
          <HeroSearch />
          {session && (
            <Text fw={600} c="brand.8">
              {t('home.hero.welcomeBack', { name: session.userName || t('account.defaultName') })}
            </Text>
          )}
          <Group gap="sm">
            <Button size="md" leftSection={<IconPhotoShare aria-hidden size={20} />} onClick={shareTrip}>
              {t('home.hero.ctaShare')}
            </Button>
            <Button size="md" variant="default" component={Link} to={PATHS.globalRides} leftSection={<IconMap2 aria-hidden size={20} />}>
              {t('home.hero.ctaViewTrips')}
            </Button>
          </Group>
          <Group gap="sm">
            {!session && (
              <Button
                size="md"
                variant="light"
                leftSection={<IconUserPlus aria-hidden size={20} />}
                onClick={() => openAppModal('register')}
              >
                {t('home.hero.ctaRegister')}
              </Button>
            )}
            <Button
              size="md"
              variant={session ? 'filled' : 'default'}
              component="a"
              href="#how-it-works"
              rightSection={<IconArrowDown aria-hidden size={18} />}
            >
              {t('home.hero.ctaHow')}
            </Button>
          </Group>
        </Stack>
        <div className={classes.art}>
          <RouteIllustration />
        </div>
      </div>
    </section>
  );
}
