import { useState, type FormEvent } from 'react';
import { Button, Checkbox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n';
import { PlaceAutocomplete, type PickedPlace } from '../../../components/PlaceAutocomplete/PlaceAutocomplete';
import classes from './Search.module.css';

interface SearchFormProps {
  /** The place of the current search (its name is what the box shows), or '' for none. */
  place: string;
  /** The limited-mobility filter; without onMobility the form has no such box (the attraction search). */
  mobility?: boolean;
  onPlace: (place: PickedPlace) => void;
  onMobility?: (checked: boolean) => void;
  /** Submitted with an empty box: every shared trip (the attraction search: no place). */
  onClear: () => void;
  /** The box's label and hint, when not the trip search's. */
  label?: string;
  placeholder?: string;
}

/**
 * The destination box and the limited-mobility filter of /search_ride. A place must come from the suggestions:
 * submitting other text shows `please_use_auto_compleate` and keeps the text. Parents remount it (key) when the
 * address changes, so back/forward shows the search of that address.
 */
export function SearchForm({
  place,
  mobility = false,
  onPlace,
  onMobility,
  onClear,
  label,
  placeholder,
}: SearchFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(place);
  const [error, setError] = useState<MessageKey | null>(null);
  // The box shows the click at once; the address (and so the prop) follows a moment later. Back/forward change
  // the prop: the box follows it.
  const [checked, setChecked] = useState(mobility);
  const [shownFor, setShownFor] = useState(mobility);
  if (shownFor !== mobility) {
    setShownFor(mobility);
    setChecked(mobility);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = text.trim();
    if (!typed) {
      setError(null);
      onClear();
    } else if (place && typed === place.trim()) {
      setError(null);
    } else {
      setError('please_use_auto_compleate');
    }
  };

  return (
    <form
      onSubmit={submit}
      className={classes.form}
      role="search"
      aria-label={t('search.formLabel')}
      noValidate
    >
      <div className={classes.formRow}>
        <PlaceAutocomplete
          value={text}
          onChange={(v) => {
            setText(v);
            setError(null);
          }}
          onPick={(p) => {
            setError(null);
            onPlace(p);
          }}
          label={label ?? t('search.destination')}
          placeholder={placeholder ?? t('search.placeholder')}
          error={error ? t(error) : undefined}
          className={classes.placeInput}
          size="md"
        />
        <Button
          type="submit"
          size="md"
          leftSection={<IconSearch aria-hidden size={18} />}
          className={classes.submit}
        >
          {t('search.submit')}
        </Button>
      </div>
      {onMobility && (
        <Checkbox
          mt="md"
          label={t('search.mobility')}
          checked={checked}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            onMobility(e.currentTarget.checked);
          }}
        />
      )}
    </form>
  );
}
