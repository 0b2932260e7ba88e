import { useLayoutEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconMapPin, IconPlane } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type {
  PickedPlace,
  PlaceAutocompleteProps,
} from '../../../components/PlaceAutocomplete/PlaceAutocomplete';
import { PATHS, paths } from '../../../lib/paths';
import classes from './Hero.module.css';

const loadAutocomplete = () => import('../../../components/PlaceAutocomplete/PlaceAutocomplete');

/** /search_ride?lat=&lng=&place= (the search page's address; written here so home imports nothing of search). */
const searchByPoint = (p: PickedPlace) =>
  `${PATHS.searchRide}?${new URLSearchParams({ lat: String(p.lat), lng: String(p.lng), place: p.name })}`;
const searchByName = (text: string) => (text.trim() ? paths.searchRideByName(text) : PATHS.searchRide);

/**
 * The hero's destination box (001 §2 Home): pick a place (or Enter: the first suggestion) → trips near it; the plane
 * searches by name (empty → every trip). The first paint is a plain input of the same size; the autocomplete
 * (combobox, queries, its styles) loads on the first hover, touch or focus, and takes the input's place with its
 * text, focus and caret, so the first load stays light (Lighthouse mobile on /) and nothing moves.
 */
export function HeroSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // The loaded component itself (not React.lazy: that would suspend once more and remount the plain input).
  const [PlaceAutocomplete, setPlaceAutocomplete] = useState<ComponentType<PlaceAutocompleteProps> | null>(
    null,
  );
  /** Whether the plain input had the focus when it gave way, and where its caret was. */
  const handOver = useRef<{ focused: boolean; caret: number | null }>({ focused: false, caret: null });
  const realInput = useRef<HTMLInputElement>(null);
  const loading = useRef(false);

  // React detaches a ref before it removes the node: the plain input is still in the page, so we can ask it.
  const lightRef = (node: HTMLInputElement | null) => {
    if (!node) return;
    return () => {
      handOver.current = { focused: document.activeElement === node, caret: node.selectionStart };
    };
  };

  // Right after the swap (before the browser paints): the focus and the caret move to the combobox.
  useLayoutEffect(() => {
    const input = realInput.current;
    if (!PlaceAutocomplete || !input || !handOver.current.focused) return;
    input.focus();
    const caret = handOver.current.caret ?? input.value.length;
    input.setSelectionRange(caret, caret);
  }, [PlaceAutocomplete]);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void loadAutocomplete().then(
      (module) => setPlaceAutocomplete(() => module.PlaceAutocomplete),
      () => {
        // Offline or a failed chunk: the plain box still searches by name.
        loading.current = false;
      },
    );
  };


  const label = t('search.hero.label');
  const placeholder = t('search.hero.placeholder');
  const plane = (
    <ActionIcon
      type="submit"
      size={40}
      radius="xl"
      variant="filled"
      aria-label={t('search.hero.byName')}
      title={t('search.hero.byName')}
      className={classes.plane}
    >
      <IconPlane aria-hidden size={22} stroke={1.8} />
    </ActionIcon>
  );

  const submitByName = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchByName(text));
  };

  const light = (
    <TextInput
      ref={lightRef}
      size="lg"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onFocus={load}
      onPointerEnter={load}
      onTouchStart={load}
      autoComplete="off"
      enterKeyHint="search"
      leftSection={<IconMapPin aria-hidden size={20} stroke={1.6} />}
      rightSection={plane}
      rightSectionWidth={52}
      rightSectionPointerEvents="all"
      className={classes.searchInput}
    />
  );

  return (
    <form
      onSubmit={submitByName}
      className={classes.search}
      role="search"
      aria-label={t('search.hero.formLabel')}
    >
      {PlaceAutocomplete ? (
        <PlaceAutocomplete
          value={text}
          onChange={setText}
          onPick={(p) => navigate(searchByPoint(p))}
          label={label}
          hideLabel
          placeholder={placeholder}
          size="lg"
          inputRef={realInput}
          rightSection={plane}
          rightSectionWidth={52}
          className={classes.searchInput}
        />
      ) : (
        light
      )}
    </form>
  );
}
