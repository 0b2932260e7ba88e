import { Button, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { ExpenseOffer } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';
import costs from './Costs.module.css';
import classes from './Offers.module.css';

interface OffersProps {
  offers: readonly ExpenseOffer[];
  /** The offer the form was last filled from (its button shows it pressed). */
  chosen?: number | null;
  /** Fills the new-expense form from the offer (nothing is sent until it is saved). */
  onOffer: (offer: ExpenseOffer) => void;
}

/**
 * The trip's bookings with a price and no expense yet (issue 35): "Booked: Hotel X — €420 · Add as expense". A click
 * fills the new-expense form from it; saved, it is recorded on its stay or activity and is no longer offered.
 */
export default function Offers({ offers, chosen = null, onOffer }: OffersProps) {
  const { t, i18n } = useTranslation();
  if (offers.length === 0) return null;
  return (
    <section className={costs.section} aria-labelledby="costs-offers" data-testid="costs-offers">
      <Title order={3} fz="md" id="costs-offers">
        {t('costs.offers.title')}
      </Title>
      <ul className={classes.offers}>
        {offers.map((offer) => {
          // The title in its own direction (a Hebrew hotel in an English line, and back).
          const title = `\u2068${offer.title}\u2069`;
          const amount = formatMoney(offer.amount, offer.currency, i18n.language);
          return (
            <li key={offer.bookingId} className={classes.offer} data-testid="costs-offer">
              <Text size="sm" className={classes.text} id={`costs-offer-${offer.bookingId}`}>
                {t('costs.offers.line', { title, amount })}
              </Text>
              <Button
                size="compact-sm"
                variant={chosen === offer.bookingId ? 'filled' : 'light'}
                leftSection={<IconReceipt aria-hidden size={16} />}
                aria-describedby={`costs-offer-${offer.bookingId}`}
                aria-pressed={chosen === offer.bookingId}
                onClick={() => onOffer(offer)}
              >
                {t('costs.offers.add')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
